/**
 * What an aggregate of related records (`countOf`, `sumOf`, `minOf`, `maxOf`) answers for a
 * set of child values — SQL's answers, which lists compute in the database: `count` counts
 * the children, `sum` adds their numbers (0 for none), `min`/`max` the least or greatest
 * non-null value (null for none). Nulls are skipped, as SQL's aggregates skip them. A sum
 * that overflows is null, and stays null (computed-number.ts).
 */

import { computedNumber } from './computed-number';
import type { AggregateFn } from './expr';
import { compareTruth } from './sql-semantics';

/**
 * The aggregate of no children at all.
 * @example emptyAggregate('sum') // 0
 */
export function emptyAggregate(fn: AggregateFn): number | null {
  return fn === 'count' || fn === 'sum' ? 0 : null;
}

/**
 * The aggregate with one more child whose field holds `value` (for `count`, any value).
 * `acc` undefined is no child yet; a `sum` of null has overflowed and stays null.
 * @example foldAggregate('max', 3, 5) // 5
 * @example foldAggregate('sum', 10, null) // 10: a child with no amount adds nothing
 * @example foldAggregate('sum', 1.7e308, 1.7e308) // null: no double holds the sum
 */
export function foldAggregate(fn: AggregateFn, acc: unknown, value: unknown): unknown {
  if (fn === 'count') return (typeof acc === 'number' ? acc : 0) + 1;
  if (fn === 'sum') {
    if (acc === null) return null;
    const sum = typeof acc === 'number' ? acc : 0;
    return typeof value === 'number' ? computedNumber(sum + value) : sum;
  }
  if (value === null || value === undefined) return acc ?? emptyAggregate(fn);
  if (acc === null || acc === undefined) return value;
  return compareTruth(fn === 'min' ? 'lt' : 'gt', value, acc) === true ? value : acc;
}

/**
 * The aggregate of the children's values (for `count`, one entry per child).
 * @example aggregateValues('min', [4, null, 2]) // 2
 */
export function aggregateValues(fn: AggregateFn, values: readonly unknown[]): unknown {
  let acc: unknown = emptyAggregate(fn);
  for (const v of values) acc = foldAggregate(fn, acc, v);
  return acc;
}
