/**
 * The helpdesk's own UI components, registered with the generated UI: the SLA badge for a
 * ticket's due time (in every table, card and page) and the service-level line on a
 * ticket's page. The UI's entry imports this registry (see packages/ui/src/main.tsx).
 */
import type { UiRegistry } from '@ninefold/ui';
import { SlaBadge } from './sla-badge';
import { SlaPanel } from './sla-panel';
import './helpdesk.css';

/** @example createRoot(root).render(<App registry={helpdeskUi} />); */
export const helpdeskUi: UiRegistry = {
  fields: { 'tickets.dueAt': SlaBadge },
  extras: { ticket: SlaPanel },
};
