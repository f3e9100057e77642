/**
 * When a timer comes: the moment it counts from plus its span, each amount worked out on the
 * record by the spec's one evaluator — so a constant, a lookup or a field all mean here what
 * they mean in a rule. Days are 24 hours, as `addDays` counts them in rules, so a window a
 * precondition checks and the timer closing it agree to the millisecond.
 */
import type { TimerNode } from '@ninefold/spec';
import type { Rec } from '../records/row-codec';
import { evalExpr } from '../rules/evaluate-expr';
import type { RuleContext } from '../rules/rule-context';

const FIRST_MOMENT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_MOMENT = Date.parse('9999-12-31T23:59:59.999Z');

const UNIT_MS = { days: 86_400_000, hours: 3_600_000, minutes: 60_000 } as const;

/**
 * The moment a timer counts from: its `since` field's value, or else `entered` (when the
 * record entered the state, or the event's `when` began to hold).
 * @example timerSince({ since: 'resolvedAt', days: lit(7) }, ticket, null) // ticket.resolvedAt
 */
export function timerSince(timer: TimerNode, record: Rec, entered: string | null): string | null {
  if (!timer.since) return entered;
  const v = record[timer.since];
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * The moment a timer comes for `record`, counted from `since`; null — no timer — when there
 * is no moment to count from or an amount is not a number.
 * @example timerMoment({ days: constant('REOPEN_WINDOW_DAYS') }, ticket, ticket.resolvedAt, scope.rules)
 */
export function timerMoment(
  timer: TimerNode,
  record: Rec,
  since: string | null,
  ctx: RuleContext,
): Date | null {
  if (since === null) return null;
  let at = Date.parse(since);
  if (!Number.isFinite(at)) return null;
  for (const unit of ['days', 'hours', 'minutes'] as const) {
    const expr = timer[unit];
    if (!expr) continue;
    const amount = evalExpr(expr, record, ctx);
    if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
    at += amount * UNIT_MS[unit];
  }
  // Outside years 0000–9999 no moment at all: an ISO time there reads `+010000-…`, which
  // PostgreSQL refuses and SQLite would compare as text before every real moment.
  return at >= FIRST_MOMENT && at <= LAST_MOMENT ? new Date(at) : null;
}
