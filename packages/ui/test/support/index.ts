/**
 * Shared helpers for the UI's browser tests (the admin console's tests use them too):
 * Chromium, the built UI, the helpdesk on a fresh database, pages, sign-in, screenshots and
 * an axe-core check.
 * @example
 * import { checkA11y, HAS_CHROMIUM, launchChromium, noticeIfNoChromium, openPage, signIn, startHelpdesk } from './support';
 */

export { type AccountsTest, accountsTest, openMailedLink, signInWith } from './account-mail';
export {
  type AdminConsoleTest,
  adminConsoleTest,
  apiStatus,
  day,
  openTab,
  shifts,
  TRACK_SHIFTS,
} from './admin-console';
export { apiAs, type HelpdeskClient } from './api-client';
export { type OpenedPage, openPage, SHOTS, shot, signIn } from './browser-pages';
export { DIST, ensureUiBuilt, UI_DIR } from './build-ui';
export { type A11yOptions, checkA11y } from './check-a11y';
export { browserPid, CHROMIUM, HAS_CHROMIUM, launchChromium, noticeIfNoChromium } from './chromium';
export {
  DEMO,
  type HelpdeskServer,
  PASSWORD,
  type Person,
  type StartOptions,
  startHelpdesk,
} from './helpdesk-server';
export { pickRef } from './pick-ref';
export {
  focused,
  hold,
  openEdit,
  openTicket,
  requestTo,
  setUrgentInTabOne,
  type TwoAgents,
  ticket,
  twoAgents,
} from './two-agents';
