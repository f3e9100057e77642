/**
 * The browser entry: the stored theme first (so nothing flashes), then the app on #root with
 * the helpdesk's own components. Importing the example from here is a stopgap until the CLI
 * builds the UI per app (each app then names its registry); it is what makes this build the
 * helpdesk's UI.
 *
 * The first render waits for the start-up (the meta, the session, the current page's code and
 * its first data, asked for together), so it draws the page itself; meanwhile #root shows
 * index.html's placeholder.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { helpdeskUi } from '../../../examples/helpdesk/ui';
import { App } from './app';
import { createBrowserClient, createQueryClient } from './data/ninefold';
import { startUp } from './start-up';
import { applyTheme, storedTheme } from './theme/theme';
import './styles/theme.css';
import './styles/base.css';
import './styles/frame.css';
import './styles/controls.css';

applyTheme(storedTheme());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
const client = createBrowserClient(window.__ninefoldEarly);
const queryClient = createQueryClient();
void startUp(client, queryClient, helpdeskUi, window.location).then(() => {
  // As a transition, the first render is done in slices between which the browser can
  // answer input, instead of one long task (the whole page at once, on a slow phone).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App registry={helpdeskUi} client={client} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});
