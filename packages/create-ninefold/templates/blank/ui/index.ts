/**
 * The app's own UI: React components registered by name, compiled into the generated UI by
 * `ninefold dev` and `ninefold build`. Empty for now: every page is generated from app.ts.
 *
 * To add a dashboard widget: write `ui/hello-widget.tsx` (`export function HelloWidget() {…}`),
 * register it here as `components: { HelloWidget }`, and name it in a dashboard of app.ts:
 * `{ kind: 'custom', title: 'Hello', component: 'HelloWidget' }`.
 */
import { defineUi } from '@ninefold/ui';

export default defineUi({});
