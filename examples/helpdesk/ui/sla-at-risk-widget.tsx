/**
 * Replaces the dashboard's generated "SLA at risk" list (open tickets, soonest due first)
 * with what the generated one cannot ask: only the tickets whose clock runs and whose
 * deadline is within AT_RISK_HOURS or past, with whose they are. Live: a new urgent ticket
 * shows at once, an answered one leaves, and as time passes tickets come into the window.
 */
import {
  hooksFor,
  Link,
  SkeletonLines,
  screenRoute,
  useMeta,
  useSession,
  type WidgetProps,
} from '@ninefold/ui';
import { useId } from 'react';
import type app from '../app';
import { AT_RISK_HOURS, atRiskCutoff, CLOCK_RUNNING } from './at-risk-cutoff';
import { type Ticket, TicketLine } from './ticket-line';
import { useNow } from './use-now';

const { useList } = hooksFor<typeof app>();

/**
 * @example defineUi({ widgets: { slaAtRisk: SlaAtRiskWidget } })
 */
export function SlaAtRiskWidget({ widget }: WidgetProps) {
  const meta = useMeta();
  const { role } = useSession();
  const headingId = useId();
  const now = useNow();
  const list = useList('tickets', {
    where: {
      status: { in: CLOCK_RUNNING as readonly ('new' | 'open')[] },
      dueAt: { lt: atRiskCutoff(now) },
    },
    sort: 'dueAt',
    limit: (widget.kind === 'list' && widget.limit) || 10,
  });
  const items = list.data?.items as Ticket[] | undefined;
  const count = items === undefined ? '' : `${items.length}${list.data?.nextCursor ? '+' : ''}`;
  const listRoute = screenRoute(meta.screens, role, 'tickets', 'list');

  return (
    <section className="widget sla-at-risk" aria-labelledby={headingId} aria-busy={list.isFetching}>
      <h2 id={headingId}>
        {widget.title} <span className="count">{count}</span>
      </h2>
      <p className="muted widget-note">New and open tickets due within {AT_RISK_HOURS} hours, or overdue.</p>
      {list.isError ? (
        <p role="alert">These tickets could not be loaded: {list.error.message}</p>
      ) : items === undefined ? (
        <SkeletonLines count={3} height={2.75} />
      ) : items.length === 0 ? (
        <p className="muted widget-empty">No ticket is close to its deadline.</p>
      ) : (
        <ul className="widget-list">
          {items.map((t) => (
            <li key={t.id}>
              <TicketLine ticket={t} showAssignee />
            </li>
          ))}
        </ul>
      )}
      {listRoute && items && items.length > 0 && (
        <p className="widget-more">
          <Link to={`${listRoute}?sort=dueAt`}>All tickets by due time</Link>
        </p>
      )}
    </section>
  );
}
