/**
 * Expressions evaluated in JavaScript, over a loaded record: the spec's one evaluator
 * (`evaluateExpr`), with the server's context.
 */
import { type ExprNode, evaluateExpr, readsRecord, UNDECIDED } from '@ninefold/spec';
import type { RuleContext } from './rule-context';

/**
 * True when an expression reads no field of the record (it can be computed up front).
 * @example isConstantExpr(addDays(now(), 3)) // true
 */
export function isConstantExpr(expr: ExprNode): boolean {
  return !readsRecord(expr);
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
