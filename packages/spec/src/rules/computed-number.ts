/**
 * The numbers arithmetic and sums may give. A result beyond ±LARGEST_COMPUTED — an overflow,
 * or as good as one — is null, in the evaluator and in SQL alike: SQLite would carry Infinity
 * (so a list would show what GET hides) and PostgreSQL would raise an error (so any writer of
 * a huge value could break a list). The bound is the largest double to 13 digits: PostgreSQL
 * judges it on operands rounded to 15 digits (a float's `numeric`), and a margin of 1e-13
 * keeps that judgement safe, so its arithmetic never raises.
 */

/** The largest magnitude a computed number may have (just below the largest double). */
export const LARGEST_COMPUTED = 1.797693134862e308;

/**
 * A computed number as rules hold it: itself, or null when it is not finite or beyond
 * ±LARGEST_COMPUTED.
 * @example computedNumber(1e200 * 1e200) // null
 * @example computedNumber(0.1 + 0.2) // 0.30000000000000004
 */
export function computedNumber(v: number): number | null {
  return Number.isFinite(v) && Math.abs(v) <= LARGEST_COMPUTED ? v : null;
}
