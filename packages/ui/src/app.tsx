/**
 * The whole client: the typed client and its query cache, the meta, the session, the router
 * and the app's registry around the page frame and the routes made from the spec's screens.
 */
import type { NinefoldClient } from '@ninefold/client';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppShell } from './components/app-shell';
import { type AnyApp, createBrowserClient, createQueryClient, nf } from './data/ninefold';
import { MetaProvider } from './meta/meta-provider';
import { RegistryProvider } from './registry/registry-provider';
import type { UiRegistry } from './registry/ui-registry';
import { RouterProvider } from './router/router-provider';
import { ScreenRoutes } from './screens/screen-routes';
import { SessionProvider } from './session/session-provider';

export interface AppProps {
  /** The app's own components: custom screens and widgets, replacements, field renderers. */
  readonly registry?: UiRegistry;
  /** The client to use (the start-up's); the browser's own when absent. */
  readonly client?: NinefoldClient<AnyApp>;
  /** The query cache to use (the start-up's, already holding the meta and the session). */
  readonly queryClient?: QueryClient;
}

/**
 * @example createRoot(document.getElementById('root')!).render(<App registry={registry} />);
 */
export function App({ registry, ...given }: AppProps) {
  const [client] = useState(() => given.client ?? createBrowserClient());
  const [queryClient] = useState(() => given.queryClient ?? createQueryClient());
  return (
    <nf.NinefoldProvider client={client} queryClient={queryClient}>
      <MetaProvider>
        <SessionProvider>
          <RouterProvider>
            <RegistryProvider registry={registry}>
              <AppShell>
                <ScreenRoutes />
              </AppShell>
            </RegistryProvider>
          </RouterProvider>
        </SessionProvider>
      </MetaProvider>
    </nf.NinefoldProvider>
  );
}
