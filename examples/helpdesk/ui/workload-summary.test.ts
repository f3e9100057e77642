import { describe, expect, it } from 'vitest';
import { atRiskCutoff } from './at-risk-cutoff';
import { workloadSummary } from './workload-summary';

const NOW = Date.parse('2025-03-10T10:00:00Z');
const inHours = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('workloadSummary', () => {
  it('counts what the agent owes, what waits on the customer, and what is late or nearly so', () => {
    const summary = workloadSummary(
      [
        { status: 'open', dueAt: inHours(-2) },
        { status: 'new', dueAt: inHours(3) },
        { status: 'open', dueAt: inHours(8) },
        { status: 'open', dueAt: inHours(30) },
        { status: 'pending', dueAt: inHours(-50) },
      ],
      NOW,
    );
    expect(summary).toEqual({ total: 5, owed: 4, waiting: 1, overdue: 1, dueSoon: 2 });
  });

  it('does not count a pending ticket as late: its clock is stopped', () => {
    expect(workloadSummary([{ status: 'pending', dueAt: inHours(-1) }], NOW).overdue).toBe(0);
  });

  it('leaves a ticket without a deadline out of the late counts', () => {
    expect(workloadSummary([{ status: 'open', dueAt: null }], NOW)).toMatchObject({ owed: 1, overdue: 0 });
  });
});

describe('atRiskCutoff', () => {
  it('is AT_RISK_HOURS ahead, to the minute, so a query keyed by it changes once a minute', () => {
    expect(atRiskCutoff(NOW + 59_000)).toBe(inHours(8));
    expect(atRiskCutoff(NOW + 61_000)).not.toBe(inHours(8));
  });
});
