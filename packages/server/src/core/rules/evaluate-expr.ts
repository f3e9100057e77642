/**
 * Expressions evaluated in JavaScript, over a loaded record.
 */
import type { ExprNode } from '@ninefold/spec';
import type { RuleContext } from './rule-context';

/** True when an expression reads no field of the record (it can be computed up front). */
export function isConstantExpr(expr: ExprNode): boolean {
  switch (expr.kind) {
    case 'field':
      return false;
    case 'addTime':
      return isConstantExpr(expr.base) && isConstantExpr(expr.amount);
    case 'lookup':
      return isConstantExpr(expr.table) && isConstantExpr(expr.key);
    default:
      return true;
  }
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
  switch (expr.kind) {
    case 'field':
      return record?.[expr.name] ?? null;
    case 'literal':
      return expr.value;
    case 'caller':
      return ctx.caller?.[expr.prop] ?? null;
    case 'const':
      return ctx.app.constants[expr.name]?.value ?? null;
    case 'input':
      return ctx.input?.[expr.name] ?? null;
    case 'now':
      return ctx.now.toISOString();
    case 'addTime': {
      const base = evalExpr(expr.base, record, ctx);
      const amount = evalExpr(expr.amount, record, ctx);
      if (typeof base !== 'string' || typeof amount !== 'number') return null;
      const ms = amount * (expr.unit === 'hours' ? 3_600_000 : 86_400_000);
      return new Date(Date.parse(base) + ms).toISOString();
    }
    case 'lookup': {
      const table = evalExpr(expr.table, record, ctx);
      const key = evalExpr(expr.key, record, ctx);
      if (table === null || typeof table !== 'object' || typeof key !== 'string') return null;
      return (table as Record<string, unknown>)[key] ?? null;
    }
  }
}
