/**
 * Rules as SQL conditions, for lists and counts: the database filters, so pagination and
 * counts stay right and an index can serve the query. Values are always bound parameters;
 * names come from the checked spec and are quoted by Kysely.
 */
import type { CompareOp, ExprNode, RuleNode } from '@ninefold/spec';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { accessRule } from './access-rule';
import { evalExpr, isConstantExpr } from './evaluate-expr';
import { type RuleContext, roleOf } from './rule-context';

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;
const OPS: Record<CompareOp, string> = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

interface Scope {
  readonly entity: string;
  readonly alias: string;
  readonly depth: number;
}

function operand(
  expr: ExprNode,
  scope: Scope,
  ctx: RuleContext,
): { sql: Expression<unknown>; value?: unknown } {
  if (expr.kind === 'field') return { sql: sql.ref(`${scope.alias}.${expr.name}`) };
  if (!isConstantExpr(expr)) {
    throw new Error(`A rule on ${scope.entity} computes with a field; it cannot filter a list in SQL.`);
  }
  const value = evalExpr(expr, null, ctx);
  return { sql: sql.val(value), value };
}

function join(parts: readonly RawBuilder<SqlBool>[], glue: 'and' | 'or'): RawBuilder<SqlBool> {
  if (parts.length === 0) return glue === 'and' ? TRUE : FALSE;
  return sql<SqlBool>`(${sql.join(parts, sql.raw(` ${glue} `))})`;
}

function compile(rule: RuleNode, scope: Scope, ctx: RuleContext): RawBuilder<SqlBool> {
  switch (rule.kind) {
    case 'allow':
      return TRUE;
    case 'deny':
      return FALSE;
    case 'signedIn':
      return ctx.caller ? TRUE : FALSE;
    case 'and':
      return join(
        rule.rules.map((r) => compile(r, scope, ctx)),
        'and',
      );
    case 'or':
      return join(
        rule.rules.map((r) => compile(r, scope, ctx)),
        'or',
      );
    case 'not':
      return sql<SqlBool>`not ${compile(rule.rule, scope, ctx)}`;
    case 'compare': {
      const l = operand(rule.left, scope, ctx);
      const r = operand(rule.right, scope, ctx);
      if (isConstantExpr(rule.left) && isConstantExpr(rule.right)) {
        return compareConst(rule.op, l.value, r.value) ? TRUE : FALSE;
      }
      // SQL's `= NULL` is never true; the predicate's `eq(x, null)` means IS NULL.
      if (
        (rule.op === 'eq' || rule.op === 'ne') &&
        (r.value === null || l.value === null) &&
        ('value' in r || 'value' in l)
      ) {
        const side = 'value' in r ? l.sql : r.sql;
        return rule.op === 'eq' ? sql<SqlBool>`${side} is null` : sql<SqlBool>`${side} is not null`;
      }
      if ('value' in r && r.value === null) return FALSE;
      if ('value' in l && l.value === null) return FALSE;
      return sql<SqlBool>`${l.sql} ${sql.raw(OPS[rule.op])} ${r.sql}`;
    }
    case 'in': {
      const l = operand(rule.left, scope, ctx);
      if ('value' in l) return rule.values.includes(l.value as never) ? TRUE : FALSE;
      if (rule.values.length === 0) return FALSE;
      return sql<SqlBool>`${l.sql} in (${sql.join(rule.values.map((v) => sql.val(v)))})`;
    }
    case 'isNull': {
      const o = operand(rule.operand, scope, ctx);
      if ('value' in o) return o.value === null ? TRUE : FALSE;
      return sql<SqlBool>`${o.sql} is null`;
    }
    case 'inState': {
      const field = ctx.app.entities[scope.entity]?.states?.field;
      if (!field || rule.states.length === 0) return FALSE;
      return sql<SqlBool>`${sql.ref(`${scope.alias}.${field}`)} in (${sql.join(rule.states.map((s) => sql.val(s)))})`;
    }
    case 'changed':
      return FALSE;
    case 'related':
    case 'can': {
      const f = ctx.app.entities[scope.entity]?.fields[rule.via];
      if (f?.type !== 'ref') return FALSE;
      const inner: Scope = { entity: f.entity, alias: `r${scope.depth + 1}`, depth: scope.depth + 1 };
      const innerRule =
        rule.kind === 'related' ? rule.rule : accessRule(ctx.app, f.entity, roleOf(ctx.caller), rule.op);
      return sql<SqlBool>`exists (select 1 from ${sql.table(f.entity)} as ${sql.id(inner.alias)} where ${sql.ref(
        `${inner.alias}.id`,
      )} = ${sql.ref(`${scope.alias}.${rule.via}`)} and ${compile(innerRule, inner, { ...ctx, changed: new Set() })})`;
    }
  }
}

function compareConst(op: CompareOp, a: unknown, b: unknown): boolean {
  if (op === 'eq') return a === b;
  if (op === 'ne') return a !== b;
  if (a === null || b === null) return false;
  const x = a as number;
  const y = b as number;
  return op === 'lt' ? x < y : op === 'lte' ? x <= y : op === 'gt' ? x > y : x >= y;
}

/**
 * A rule as a SQL condition over `alias` (a table of `entity`), to put in a WHERE clause.
 * @example qb.selectFrom('tickets as t').where(ruleToSql(rule, 'tickets', 't', ctx))
 */
export function ruleToSql(
  rule: RuleNode,
  entity: string,
  alias: string,
  ctx: RuleContext,
): RawBuilder<SqlBool> {
  return compile(rule, { entity, alias, depth: 0 }, ctx);
}
