/**
 * One ticket in the helpdesk's own lists (the "SLA at risk" widget, the workload page): its
 * subject as a link to its page, then its priority and time left, and whose it is if asked.
 */
import type { RecordOf } from '@ninefold/spec';
import { FieldValue, Link, screenRoute, useMeta, useSession } from '@ninefold/ui';
import type app from '../app';

export type Ticket = RecordOf<typeof app, 'tickets'> & { readonly id: string };

/**
 * @example <li><TicketLine ticket={t} showAssignee /></li>
 */
export function TicketLine({ ticket, showAssignee = false }: { ticket: Ticket; showAssignee?: boolean }) {
  const meta = useMeta();
  const { role } = useSession();
  const to = screenRoute(meta.screens, role, 'tickets', 'detail', { id: ticket.id });
  const value = (field: 'priority' | 'dueAt' | 'assignee') => (
    <FieldValue entity="tickets" field={field} value={ticket[field]} record={ticket} context="card" />
  );
  return (
    <div className="ticket-line">
      {to ? <Link to={to}>{ticket.subject}</Link> : ticket.subject}
      <span className="ticket-line-meta">
        <span className={`priority priority-${ticket.priority}`}>{value('priority')}</span>
        {value('dueAt')}
        {showAssignee &&
          (ticket.assignee ? <span>{value('assignee')}</span> : <span className="muted">Unassigned</span>)}
      </span>
    </div>
  );
}
