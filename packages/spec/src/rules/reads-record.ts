/**
 * Whether an expression reads the record it is evaluated on — a field, or other records
 * through an aggregate — or can be computed once, before any record is looked at (the
 * caller, constants, inputs, `now()` and what is computed from them alone). SQL computes
 * the first kind per row, so only what SQL can compute per row may read the record there.
 */
import type { ExprNode } from './expr';
import { type ExprVisitor, visitExpr } from './visit-rule';

const READS: ExprVisitor<boolean> = {
  field: () => true,
  literal: () => false,
  caller: () => false,
  const: () => false,
  input: () => false,
  now: () => false,
  addTime: (n) => readsRecord(n.base) || readsRecord(n.amount),
  lookup: (n) => readsRecord(n.table) || readsRecord(n.key),
  arith: (n) => readsRecord(n.left) || readsRecord(n.right),
  // Other records are read: never a value to compute up front.
  aggregate: () => true,
  clock: (n) => readsRecord(n.value) || readsRecord(n.zone),
};

/**
 * True when the expression reads the record (a field, or an aggregate of other records).
 * @example readsRecord(addHours(now(), 3)) // false
 * @example readsRecord(addHours('createdAt', 3)) // true
 */
export function readsRecord(expr: ExprNode): boolean {
  return visitExpr(expr, READS, undefined);
}
