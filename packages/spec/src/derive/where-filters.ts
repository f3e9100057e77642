/**
 * A `Where` (action handlers' record store, dashboard widgets) as list filters: its relative
 * values (`now()`, `today(zone)`, `caller('id')`) worked out by the one evaluator when the
 * query runs, then written as the list's query string, which the server reads with the same
 * parser as `GET /api/entities/{entity}` — so a `Where` means exactly what the URL means.
 */
import type { Where, WhereOperand, WhereOps } from '../app/action';
import { evaluateExpr, type RuleEnv, UNDECIDED } from '../rules/evaluate';
import { isExpr, type Literal } from '../rules/expr';
import type { FilterCondition } from '../rules/sql-semantics';
import type { FilterOperator } from './filter-operators';

const OPS: ReadonlySet<string> = new Set<FilterOperator>([
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'contains',
]);

function isOps(v: unknown): v is WhereOps {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || isExpr(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => OPS.has(k));
}

function operandValue(operand: WhereOperand, field: string, env: RuleEnv): Literal {
  if (!isExpr(operand)) return operand as Literal;
  const v = evaluateExpr(operand, '', null, env);
  // A Where reads no record, so only a missing caller, constant or clock leaves it open.
  if (v === UNDECIDED) throw new Error(`where.${field}: its value cannot be worked out here.`);
  return v;
}

/**
 * The conditions a `Where` stands for, every relative value worked out for `env`.
 * @example whereFilters({ dueAt: { lt: now() }, status: ['new', 'open'] }, { app, caller, now: new Date() })
 * // [{ field: 'dueAt', op: 'lt', value: '2025-…Z' }, { field: 'status', op: 'in', value: ['new', 'open'] }]
 */
export function whereFilters(where: Where | undefined, env: RuleEnv): FilterCondition[] {
  const out: FilterCondition[] = [];
  for (const [field, given] of Object.entries(where ?? {})) {
    if (Array.isArray(given)) out.push({ field, op: 'in', value: given as readonly Literal[] });
    else if (isOps(given)) {
      for (const [op, operand] of Object.entries(given) as [FilterOperator, WhereOperand][]) {
        out.push({
          field,
          op,
          value: op === 'in' ? (operand as Literal) : operandValue(operand, field, env),
        });
      }
    } else out.push({ field, op: 'eq', value: operandValue(given as WhereOperand, field, env) });
  }
  return out;
}

function text(v: unknown): string {
  return v === null ? 'null' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The conditions as a list's query string (`?field[op]=value`), as the server reads it.
 * A comma inside a value of `in` cannot be told apart from the separator: such a value is
 * refused rather than split.
 * @example filtersQuery([{ field: 'status', op: 'in', value: ['new', 'open'] }]) // { 'status[in]': 'new,open' }
 */
export function filtersQuery(conditions: readonly FilterCondition[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of conditions) {
    const key = c.op === 'eq' ? c.field : `${c.field}[${c.op}]`;
    if (Object.hasOwn(out, key)) throw new Error(`where.${c.field}: ${c.op} is given twice.`);
    if (c.op === 'in') {
      const values: readonly unknown[] = Array.isArray(c.value) ? c.value : [c.value];
      if (values.some((v) => text(v).includes(',')))
        throw new Error(`where.${c.field}: a value of 'in' may not hold a comma.`);
      out[key] = values.map(text).join(',');
    } else out[key] = text(c.value);
  }
  return out;
}

/**
 * `whereFilters` then `filtersQuery`: a `Where` as the list query string it means.
 * @example whereQuery({ assignee: caller('id') }, env) // { assignee: '0190…' }
 */
export function whereQuery(where: Where | undefined, env: RuleEnv): Record<string, string> {
  return filtersQuery(whereFilters(where, env));
}
