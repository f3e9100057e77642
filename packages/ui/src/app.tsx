/**
 * The whole client: the typed client and its query cache, the meta, the session, the router
 * and the app's registry around the page frame and the routes made from the spec's screens.
 */
import { useState } from 'react';
import { AppShell } from './components/app-shell';
import { createBrowserClient, createQueryClient, nf } from './data/ninefold';
import { MetaProvider } from './meta/meta-provider';
import { RegistryProvider } from './registry/registry-provider';
import type { UiRegistry } from './registry/ui-registry';
import { RouterProvider } from './router/router-provider';
import { ScreenRoutes } from './screens/screen-routes';
import { SessionProvider } from './session/session-provider';

export interface AppProps {
  /** The app's own components: custom screens and widgets, replacements, field renderers. */
  readonly registry?: UiRegistry;
}

/**
 * @example createRoot(document.getElementById('root')!).render(<App registry={helpdeskUi} />);
 */
export function App({ registry }: AppProps) {
  const [client] = useState(createBrowserClient);
  const [queryClient] = useState(createQueryClient);
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
