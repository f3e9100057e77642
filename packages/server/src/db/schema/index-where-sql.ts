/**
 * A unique declaration's `where` as the WHERE of a partial index: DDL takes no parameters, so
 * its literals are written into the text — the one place that does, through the dialect's
 * `literal` (quotes doubled, booleans as the dialect stores them). Only what an index can
 * hold: field comparisons with literals, `inState`, `oneOf`, `isNull`, and/or/not. The
 * checker refuses anything else (check-unique.ts); meeting it here is a bug, so it throws.
 * The meaning is the evaluator's, as compile-rule.ts writes it for lists: a null literal
 * asks whether the field is empty, a comparison with an empty field holds for no record.
 */
import type { CompareOp, ExprNode, Literal, RuleNode } from '@ninefold/spec';
import type { SchemaDialect } from './schema-dialect';
import { ident } from './schema-sql';

const OPS: Readonly<Record<CompareOp, string>> = {
  eq: '=',
  ne: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};
// The comparison read from the other side: `5 < x` is `x > 5`.
const FLIPPED: Readonly<Record<CompareOp, CompareOp>> = {
  eq: 'eq',
  ne: 'ne',
  lt: 'gt',
  lte: 'gte',
  gt: 'lt',
  gte: 'lte',
};

function refuse(what: string): never {
  throw new Error(`a unique constraint's where cannot use ${what} (the checker refuses it)`);
}

function literalSql(value: Literal, schema: SchemaDialect): string {
  if (typeof value === 'number' && !Number.isFinite(value)) refuse(`the number ${value}`);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return schema.literal(value);
  return refuse('a value of that kind');
}

function fieldOf(e: ExprNode): string | undefined {
  return e.kind === 'field' ? e.name : undefined;
}

function compareSql(n: Extract<RuleNode, { kind: 'compare' }>, schema: SchemaDialect): string {
  const left = fieldOf(n.left);
  const right = fieldOf(n.right);
  const [column, op, other] =
    left !== undefined ? [left, n.op, n.right] : right !== undefined ? [right, FLIPPED[n.op], n.left] : [];
  if (column === undefined || op === undefined || other?.kind !== 'literal')
    return refuse('a comparison other than a field with a value');
  const col = ident(column);
  if (other.value === null) {
    if (op === 'eq') return `(${col} IS NULL)`;
    if (op === 'ne') return `(${col} IS NOT NULL)`;
    return '(1 = 0)';
  }
  return `(${col} ${OPS[op]} ${literalSql(other.value, schema)})`;
}

function inSql(n: Extract<RuleNode, { kind: 'in' }>, schema: SchemaDialect): string {
  const column = fieldOf(n.left);
  if (column === undefined) return refuse('oneOf() on anything but a field');
  if (n.values.length === 0) return '(1 = 0)';
  const col = ident(column);
  const values = n.values.filter((v) => v !== null);
  const listed = `${col} IN (${values.map((v) => literalSql(v, schema)).join(', ')})`;
  if (values.length === n.values.length) return `(${listed})`;
  return values.length === 0 ? `(${col} IS NULL)` : `(${listed} OR ${col} IS NULL)`;
}

/**
 * The SQL text of `rule` over the columns of one table, literals inlined safely; `stateField`
 * is the entity's state field, which `inState` reads.
 * @example indexWhereSql(inState('booked'), 'status', schema) // `("status" IN ('booked'))`
 */
export function indexWhereSql(rule: RuleNode, stateField: string | undefined, schema: SchemaDialect): string {
  const nested = (rules: readonly RuleNode[], joiner: string, empty: string) =>
    rules.length === 0 ? empty : `(${rules.map((r) => indexWhereSql(r, stateField, schema)).join(joiner)})`;
  switch (rule.kind) {
    case 'allow':
      return '(1 = 1)';
    case 'deny':
      return '(1 = 0)';
    case 'and':
      return nested(rule.rules, ' AND ', '(1 = 1)');
    case 'or':
      return nested(rule.rules, ' OR ', '(1 = 0)');
    case 'not':
      return `(NOT ${indexWhereSql(rule.rule, stateField, schema)})`;
    case 'compare':
      return compareSql(rule, schema);
    case 'in':
      return inSql(rule, schema);
    case 'isNull': {
      const column = fieldOf(rule.operand);
      return column === undefined ? refuse('isNull() on anything but a field') : `(${ident(column)} IS NULL)`;
    }
    case 'inState': {
      if (!stateField) return refuse('inState() on an entity without states');
      if (rule.states.length === 0) return '(1 = 0)';
      return `(${ident(stateField)} IN (${rule.states.map((s) => schema.literal(s)).join(', ')}))`;
    }
    default:
      return refuse(`${rule.kind}()`);
  }
}
