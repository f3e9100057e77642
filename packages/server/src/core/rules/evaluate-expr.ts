/**
 * Expressions evaluated in JavaScript, over a loaded record: the spec's one evaluator
 * (`evaluateExpr`), with the server's context.
 */
import { type ExprNode, type ExprVisitor, evaluateExpr, UNDECIDED, visitExpr } from '@ninefold/spec';
import type { RuleContext } from './rule-context';

const READS_RECORD: ExprVisitor<boolean> = {
  field: () => true,
  literal: () => false,
  caller: () => false,
  const: () => false,
  input: () => false,
  now: () => false,
  addTime: (n) => visitExpr(n.base, READS_RECORD, undefined) || visitExpr(n.amount, READS_RECORD, undefined),
  lookup: (n) => visitExpr(n.table, READS_RECORD, undefined) || visitExpr(n.key, READS_RECORD, undefined),
  arith: (n) => visitExpr(n.left, READS_RECORD, undefined) || visitExpr(n.right, READS_RECORD, undefined),
  // Other records are read: never a value to compute up front.
  aggregate: () => true,
  clock: (n) => visitExpr(n.value, READS_RECORD, undefined) || visitExpr(n.zone, READS_RECORD, undefined),
};

/**
 * True when an expression reads no field of the record (it can be computed up front).
 * @example isConstantExpr(addDays(now(), 3)) // true
 */
export function isConstantExpr(expr: ExprNode): boolean {
  return !visitExpr(expr, READS_RECORD, undefined);
}

/**
 * The value of an expression for a record.
 * @example evalExpr(field('priority'), ticket, ctx) // 'high'
 */
export function evalExpr(
  expr: ExprNode,
  record: Readonly<Record<string, unknown>> | null,
  ctx: RuleContext,
): unknown {
  // The entity matters only to rules (states, references); an expression reads neither.
  const v = evaluateExpr(expr, '', record, ctx);
  return v === UNDECIDED ? null : v;
}
