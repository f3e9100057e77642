/**
 * The helpdesk's SLA badge, shown for a ticket's `dueAt` wherever the generated pages show
 * it (table, board card, ticket page): time left until the deadline of an open ticket, in
 * words and colour; for a resolved one, whether the deadline was kept; else the date.
 */
import { type FieldViewProps, formatInstant, useMeta } from '@ninefold/ui';
import { CLOCK_RUNNING } from './at-risk-cutoff';
import { roughDuration, timeLeft } from './time-left';
import { useNow } from './use-now';

/**
 * @example registry.fields = { 'tickets.dueAt': SlaBadge }
 */
export function SlaBadge({ value, record, context }: FieldViewProps) {
  const meta = useMeta();
  const now = useNow();
  if (typeof value !== 'string') return <span className="muted">—</span>;
  const due = Date.parse(value);
  const date = formatInstant(due);
  if (!CLOCK_RUNNING.includes(String(record.status))) {
    // Answered (resolved or closed): whether the deadline was kept; else just the date.
    const at = typeof record.resolvedAt === 'string' ? Date.parse(record.resolvedAt) : Number.NaN;
    if (Number.isNaN(at)) return <time dateTime={value}>{date}</time>;
    const kept = at <= due;
    return (
      <span className={kept ? 'sla sla-ok' : 'sla sla-overdue'} title={`Due ${date}`}>
        {kept ? 'SLA met' : `SLA missed by ${roughDuration(at - due)}`}
      </span>
    );
  }
  const sla = (meta.constants.SLA_HOURS?.value ?? {}) as Record<string, number>;
  const { text, urgency } = timeLeft(due, now, sla[String(record.priority)]);
  return (
    <span className={`sla sla-${urgency}`} title={`Due ${date}`}>
      <time dateTime={value}>{text}</time>
      {context === 'detail' && <span className="muted sla-date">{date}</span>}
    </span>
  );
}
