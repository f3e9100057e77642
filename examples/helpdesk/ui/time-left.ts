/**
 * Time until a deadline in a few words: "due in 3 h", "overdue by 2 d".
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One rough unit of a duration: 45 min, 3 h, 2 d. */
export function roughDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < HOUR) return `${Math.max(1, Math.round(abs / MINUTE))} min`;
  if (abs < 1.5 * DAY) return `${Math.round(abs / HOUR)} h`;
  return `${Math.round(abs / DAY)} d`;
}

export type Urgency = 'overdue' | 'soon' | 'ok';

/**
 * How a deadline stands: overdue, soon (less than a quarter of the SLA left, at most 4 hours), or fine.
 * @example timeLeft(Date.parse('2025-01-01T12:00Z'), Date.parse('2025-01-01T10:00Z'), 4) // { text: 'due in 2 h', urgency: 'ok' }
 */
export function timeLeft(due: number, now: number, slaHours?: number): { text: string; urgency: Urgency } {
  const left = due - now;
  if (left < 0) return { text: `overdue by ${roughDuration(left)}`, urgency: 'overdue' };
  const soon = Math.min(4, (slaHours ?? 16) / 4) * HOUR;
  return { text: `due in ${roughDuration(left)}`, urgency: left <= soon ? 'soon' : 'ok' };
}
