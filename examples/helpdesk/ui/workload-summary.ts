/**
 * An agent's workload in numbers: what they owe an answer on, what waits on the customer,
 * and how much of it is overdue or about to be.
 */
import { AT_RISK_HOURS, CLOCK_RUNNING } from './at-risk-cutoff';

export interface WorkloadTicket {
  readonly status: string;
  readonly dueAt?: string | null;
}

export interface WorkloadSummary {
  /** Every unresolved ticket assigned to them. */
  readonly total: number;
  /** New or open: they owe the next answer. */
  readonly owed: number;
  /** Pending: waiting for the customer. */
  readonly waiting: number;
  /** Owed and past its deadline. */
  readonly overdue: number;
  /** Owed and due within AT_RISK_HOURS, not yet overdue. */
  readonly dueSoon: number;
}

const HOUR = 3_600_000;

/**
 * @example workloadSummary([{ status: 'open', dueAt: '2025-01-01T09:00:00Z' }], Date.parse('2025-01-01T10:00:00Z'))
 * // { total: 1, owed: 1, waiting: 0, overdue: 1, dueSoon: 0 }
 */
export function workloadSummary(tickets: readonly WorkloadTicket[], now: number): WorkloadSummary {
  let owed = 0;
  let overdue = 0;
  let dueSoon = 0;
  for (const t of tickets) {
    if (!CLOCK_RUNNING.includes(t.status)) continue;
    owed += 1;
    const due = t.dueAt ? Date.parse(t.dueAt) : Number.NaN;
    if (Number.isNaN(due)) continue;
    if (due < now) overdue += 1;
    else if (due - now <= AT_RISK_HOURS * HOUR) dueSoon += 1;
  }
  const waiting = tickets.filter((t) => t.status === 'pending').length;
  return { total: tickets.length, owed, waiting, overdue, dueSoon };
}
