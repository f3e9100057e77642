/**
 * "My workload", a page the helpdesk adds for agents: the unresolved tickets assigned to the
 * signed-in agent, counted (owed, overdue, due soon, waiting) and split by whose move it is,
 * soonest due first. Live: a ticket assigned to them, answered or resolved elsewhere moves
 * here at once. No generated page filters by "assigned to me" or counts deadlines.
 */
import { hooksFor, Link, PageHeader, type PageProps, SkeletonLines, useSession } from '@ninefold/ui';
import type { ReactNode } from 'react';
import type app from '../app';
import { AT_RISK_HOURS, CLOCK_RUNNING } from './at-risk-cutoff';
import { type Ticket, TicketLine } from './ticket-line';
import { useNow } from './use-now';
import { workloadSummary } from './workload-summary';
import './workload.css';

const { useList } = hooksFor<typeof app>();

function TicketSection({ title, tickets, empty }: { title: string; tickets: Ticket[]; empty: ReactNode }) {
  const id = `workload-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="workload-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="count">{tickets.length}</span>
      </h2>
      {tickets.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="workload-list">
          {tickets.map((t) => (
            <li key={t.id}>
              <TicketLine ticket={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * @example registry.components = { MyWorkload: MyWorkloadPage }
 */
export function MyWorkloadPage(page: PageProps) {
  const { user } = useSession();
  const now = useNow();
  const list = useList('tickets', {
    where: { assignee: user?.id ?? '', status: { in: ['new', 'open', 'pending'] } },
    sort: 'dueAt',
    limit: 100,
  });
  const tickets = list.data?.items as Ticket[] | undefined;
  const summary = tickets && workloadSummary(tickets, now);
  const stats: [string, number | undefined][] = [
    ['Owe an answer', summary?.owed],
    ['Overdue', summary?.overdue],
    [`Due within ${AT_RISK_HOURS} h`, summary?.dueSoon],
    ['Waiting for the customer', summary?.waiting],
  ];

  return (
    <div className="workload" aria-busy={list.isFetching}>
      <PageHeader
        page={page}
        lede="The tickets assigned to you that are not resolved yet, soonest due first."
      />
      {list.isError && <p role="alert">Your tickets could not be loaded: {list.error.message}</p>}
      <dl className="workload-stats" aria-label="Your workload in numbers">
        {stats.map(([label, n]) => (
          <div key={label} className="workload-stat">
            <dt>{label}</dt>
            <dd>{n ?? '–'}</dd>
          </div>
        ))}
      </dl>
      {tickets === undefined ? (
        <SkeletonLines count={4} height={2.75} />
      ) : (
        <div className="workload-sections">
          <TicketSection
            title="Your move"
            tickets={tickets.filter((t) => CLOCK_RUNNING.includes(t.status))}
            empty={
              <>
                Nothing assigned to you needs an answer. <Link to="/">Take one from the queue</Link>
              </>
            }
          />
          <TicketSection
            title="Waiting for the customer"
            tickets={tickets.filter((t) => !CLOCK_RUNNING.includes(t.status))}
            empty="No ticket of yours is waiting for a customer."
          />
        </div>
      )}
    </div>
  );
}
