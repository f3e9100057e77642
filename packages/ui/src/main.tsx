/**
 * The browser entry: the stored theme first (so nothing flashes), then the app on #root with
 * the helpdesk's own components. Importing the example from here is a stopgap until the CLI
 * builds the UI per app (each app then names its registry); it is what makes this build the
 * helpdesk's UI.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { helpdeskUi } from '../../../examples/helpdesk/ui';
import { App } from './app';
import { applyTheme, storedTheme } from './theme/theme';
import './styles/theme.css';
import './styles/base.css';
import './styles/frame.css';
import './styles/controls.css';

applyTheme(storedTheme());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App registry={helpdeskUi} />
  </StrictMode>,
);
