/**
 * On a ticket's page, under its title: the service level it is held to ("Urgent tickets are
 * answered within 4 hours") and where it stands. Uses the UI's hooks typed by the helpdesk,
 * so the ticket's fields are known by name and type.
 */
import { hooksFor, type PageProps, useMeta } from '@ninefold/ui';
import type app from '../app';
import { SlaBadge } from './sla-badge';

const { useRecord } = hooksFor<typeof app>();

/**
 * @example registry.extras = { ticket: SlaPanel }
 */
export function SlaPanel({ params }: PageProps) {
  const meta = useMeta();
  // The page's own query (same key): no second request.
  const ticket = useRecord('tickets', params.id).data;
  if (!ticket) return null;
  const sla = (meta.constants.SLA_HOURS?.value ?? {}) as Record<string, number>;
  const hours = sla[ticket.priority];
  return (
    <p className="sla-panel">
      <strong>Service level:</strong> {ticket.priority} tickets are answered within {hours} hours —{' '}
      <SlaBadge entity="tickets" field="dueAt" value={ticket.dueAt} record={ticket} context="card" />
    </p>
  );
}
