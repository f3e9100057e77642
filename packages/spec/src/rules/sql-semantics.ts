/**
 * What every comparison and filter operator means, NULLs included: SQL's three-valued logic
 * is the reference, because lists are filtered by the database. A comparison with NULL is
 * unknown (`null` here), `not unknown` is unknown, and a WHERE clause, a read rule or a
 * realtime subscription admits a record only when the answer is `true`.
 *
 * The SQL compiler emits exactly these meanings and a differential test on both dialects
 * (packages/server/test/semantics) proves it, so JavaScript never guesses what SQL does.
 */
import type { FilterOperator } from '../derive/filter-operators';
import type { CompareOp } from './rule';

/** True, false, or `null` for SQL's unknown. */
export type Truth = boolean | null;

/** The operator meanings an evaluator uses: `SQL_SEMANTICS`, or a mutant in a test. */
export interface Semantics {
  compare(op: CompareOp, a: unknown, b: unknown): Truth;
  /** `a in (values)`. */
  oneOf(a: unknown, values: readonly unknown[]): Truth;
  /** The `contains` filter: a case-insensitive substring. */
  contains(text: unknown, part: unknown): Truth;
}

/** The order of two non-null values, or undefined when they are not comparable (unknown). */
function order(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  // Strings in code-unit order: the byte order of SQLite's BINARY and PostgreSQL's C
  // collations for every character below U+E000, and ISO timestamps in time order.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return undefined;
}

/**
 * `a op b` as SQL answers it: unknown when either side is NULL.
 * @example compareTruth('ne', null, 'u1') // null — `assignee <> $1` does not admit an unassigned row
 */
export function compareTruth(op: CompareOp, a: unknown, b: unknown): Truth {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  if (op === 'eq') return a === b;
  if (op === 'ne') return a !== b;
  const c = order(a, b);
  if (c === undefined) return null;
  return op === 'lt' ? c < 0 : op === 'lte' ? c <= 0 : op === 'gt' ? c > 0 : c >= 0;
}

/**
 * `a` is one of the values: `or` of `eq(a, v)` for each, so a null among the values asks
 * whether `a` is empty, as `eq(a, null)` does (`a in (…) or a is null` in SQL), and an
 * empty `a` is otherwise unknown, as `a in (…)` is in SQL.
 * @example oneOfTruth('high', ['high', 'urgent']) // true
 * @example oneOfTruth(null, ['u1', null]) // true: "u1 or unassigned"
 */
export function oneOfTruth(a: unknown, values: readonly unknown[]): Truth {
  // No values: `or` of nothing, false for every row (the compiler emits false).
  if (values.length === 0) return false;
  const empty = a === null || a === undefined;
  for (const v of values) {
    if (v === null || v === undefined) {
      if (empty) return true;
    } else if (v === a) return true;
  }
  return empty ? null : false;
}

// ASCII letters only: SQLite's LIKE folds no other case, so this is the meaning both
// dialects share (PostgreSQL's ILIKE folds more; see the rules chapter of the guide).
function foldAscii(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * The `contains` filter: `text` holds `part`, ASCII letters compared without case.
 * @example containsTruth('Printer ON FIRE', 'on fire') // true
 */
export function containsTruth(text: unknown, part: unknown): Truth {
  if (text === null || text === undefined || part === null || part === undefined) return null;
  if (typeof text !== 'string') return false;
  return foldAscii(text).includes(foldAscii(String(part)));
}

/** The reference meanings: what SQL does on both dialects. */
export const SQL_SEMANTICS: Semantics = Object.freeze({
  compare: compareTruth,
  oneOf: oneOfTruth,
  contains: containsTruth,
});

/** One list filter, `?field[op]=value`, as parsed from a query string. */
export interface FilterCondition {
  readonly field: string;
  readonly op: FilterOperator;
  readonly value: unknown;
}

/**
 * What one list filter answers for a field's value. `eq`/`ne` with the value `null` ask
 * whether the field is empty (`?assignee=null`, `?assignee[ne]=null`), never unknown;
 * `ne` with a value is SQL's `<>`: a record whose field is empty does not match
 * `?assignee[ne]=u1`, on REST lists and realtime subscriptions alike.
 * @example filterTruth('ne', null, 'u1') // null: not admitted
 */
export function filterTruth(
  op: FilterOperator,
  actual: unknown,
  value: unknown,
  semantics: Semantics = SQL_SEMANTICS,
): Truth {
  const a = actual === undefined ? null : actual;
  switch (op) {
    case 'in':
      return semantics.oneOf(a, value as readonly unknown[]);
    case 'contains':
      return semantics.contains(a, value);
    case 'eq':
    case 'ne':
      if (value === null) return (a === null) === (op === 'eq');
      return semantics.compare(op, a, value);
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return semantics.compare(op, a, value);
  }
}

/**
 * Whether a record passes every filter: each must be `true`, as in a WHERE clause.
 * @example matchesFilters([{ field: 'status', op: 'eq', value: 'open' }], ticket) // true or false
 */
export function matchesFilters(
  filters: readonly FilterCondition[],
  record: Readonly<Record<string, unknown>>,
  semantics: Semantics = SQL_SEMANTICS,
): boolean {
  for (const f of filters) {
    if (filterTruth(f.op, record[f.field], f.value, semantics) !== true) return false;
  }
  return true;
}
