/**
 * The helpdesk's SLA badge, shown for a ticket's `dueAt` wherever the generated pages show
 * it (table, board card, ticket page): time left until the deadline of an open ticket, in
 * words and colour; for a ticket no longer waiting on support, just the date.
 */
import { type FieldViewProps, useMeta } from '@ninefold/ui';
import { timeLeft } from './time-left';
import { useNow } from './use-now';

// States in which the clock runs (the ticket waits on support).
const RUNNING: ReadonlySet<string> = new Set(['new', 'open']);

/**
 * @example registry.fields = { 'tickets.dueAt': SlaBadge }
 */
export function SlaBadge({ value, record, context }: FieldViewProps) {
  const meta = useMeta();
  const now = useNow();
  if (typeof value !== 'string') return <span className="muted">—</span>;
  const due = Date.parse(value);
  const date = new Date(due).toLocaleString();
  if (!RUNNING.has(String(record.status))) {
    return <time dateTime={value}>{date}</time>;
  }
  const sla = (meta.constants.SLA_HOURS?.value ?? {}) as Record<string, number>;
  const { text, urgency } = timeLeft(due, now, sla[String(record.priority)]);
  return (
    <span className={`sla sla-${urgency}`} title={`Due ${date}`}>
      <time dateTime={value}>{text}</time>
      {context === 'detail' && <span className="muted"> ({date})</span>}
    </span>
  );
}
