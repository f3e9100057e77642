/**
 * The helpdesk's own UI components, registered with the generated UI: the SLA badge for a
 * ticket's due time (in every table, card and page), the service-level line on a ticket's
 * page, the "SLA at risk" widget in place of the generated one on the agents' dashboard, and
 * the agents' "My workload" page, and the admin console's Teams tab. The CLI builds the UI with this file's default export (like
 * any app's `ui/index.ts`); the widget and the page load lazily, so their code is not in the
 * sign-in page's bundle.
 */
import { defineUi } from '@ninefold/ui';
import { lazy } from 'react';
import { lazySlot } from './lazy-slot';
import { SlaBadge } from './sla-badge';
import { SlaPanel } from './sla-panel';
import { WidgetPlaceholder } from './widget-placeholder';
import './helpdesk.css';

const SlaAtRiskWidget = lazySlot(
  () => import('./sla-at-risk-widget').then((m) => m.SlaAtRiskWidget),
  WidgetPlaceholder,
);
// Suspends into the page's own placeholder (the screen's boundary).
const MyWorkloadPage = lazy(() => import('./my-workload-page').then((m) => ({ default: m.MyWorkloadPage })));
// Loads with its tab, in the console's own placeholder.
const TeamsPanel = lazy(() => import('./teams-panel').then((m) => ({ default: m.TeamsPanel })));

/** @example startBrowserApp(helpdeskUi); */
export const helpdeskUi = defineUi({
  fields: { 'tickets.dueAt': SlaBadge },
  extras: { ticket: SlaPanel },
  widgets: { slaAtRisk: SlaAtRiskWidget },
  components: { MyWorkload: MyWorkloadPage },
  adminPanels: { teams: { title: 'Teams', component: TeamsPanel } },
  screens: {
    // Agents only: admins are never assignees. Gated and in the navigation like the spec's own.
    workload: {
      route: '/workload',
      kind: 'custom',
      title: 'My workload',
      component: 'MyWorkload',
      roles: ['agent'],
    },
  },
});

export default helpdeskUi;
