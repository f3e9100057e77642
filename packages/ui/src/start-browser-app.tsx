/**
 * The browser entry of an app's UI: the stored theme first (so nothing flashes), then the app
 * on #root with the app's own registry. The CLI writes the entry that calls it, beside its copy
 * of index.html: `startBrowserApp(registry)` with the default export of `<app>/ui/index.ts`.
 *
 * The first render waits for the start-up (the meta, the session, the current page's code and
 * its first data, asked for together), so it draws the page itself; meanwhile #root shows
 * index.html's placeholder.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createBrowserClient, createQueryClient } from './data/ninefold';
import type { UiRegistry } from './registry/ui-registry';
import { startUp } from './start-up';
import { applyTheme, storedTheme } from './theme/theme';
import './styles/theme.css';
import './styles/base.css';
import './styles/frame.css';
import './styles/controls.css';

/**
 * Starts the generated UI in this page (index.html's #root), with the app's own components.
 * @example
 * import { startBrowserApp } from '@ninefold/ui';
 * import registry from './ui/index.ts';
 * startBrowserApp(registry);
 */
export function startBrowserApp(registry: UiRegistry = {}): void {
  applyTheme(storedTheme());
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  const client = createBrowserClient(window.__ninefoldEarly);
  const queryClient = createQueryClient();
  void startUp(client, queryClient, registry, window.location).then(() => {
    // As a transition, the first render is done in slices between which the browser can
    // answer input, instead of one long task (the whole page at once, on a slow phone).
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App registry={registry} client={client} queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  });
}
