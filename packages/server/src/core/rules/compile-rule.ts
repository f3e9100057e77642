/**
 * Rules as SQL conditions, for lists and counts: the database filters, so pagination and
 * counts stay right and an index can serve the query. Values are always bound parameters;
 * names come from the checked spec and are quoted by Kysely.
 *
 * The meaning is the spec's evaluator (`evaluateRule`, SQL's three-valued logic): whatever
 * reads no column is decided by the evaluator itself and emitted as true, false or unknown;
 * the rest is plain SQL whose NULL behaviour is that logic. The differential test
 * (test/semantics/rule-differential.property.test.ts) proves the two equal on both dialects,
 * unknown included.
 */
import {
  type App,
  type ExprNode,
  type ExprOf,
  type ExprVisitor,
  evaluateRule,
  LARGEST_COMPUTED,
  type RuleNode,
  type RuleVisitor,
  UNDECIDED,
  visitExpr,
  visitRule,
} from '@ninefold/spec';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { accessRule } from './access-rule';
import { evalExpr, isConstantExpr } from './evaluate-expr';
import { type RuleContext, roleOf } from './rule-context';

const TRUE = sql<SqlBool>`(1 = 1)`;
const FALSE = sql<SqlBool>`(1 = 0)`;
// SQL's unknown, typed boolean on PostgreSQL: `not unknown` stays unknown, as in the evaluator.
const UNKNOWN = sql<SqlBool>`(1 = null)`;
const OPS = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
const ARITH = { add: '+', sub: '-', mul: '*', div: '/' } as const;

interface Scope {
  readonly entity: string;
  readonly alias: string;
  readonly depth: number;
  readonly ctx: RuleContext;
}

/** A rule that reads no column, decided by the evaluator (no record, so no related rows). */
function decided(rule: RuleNode, s: Scope): RawBuilder<SqlBool> {
  const v = evaluateRule(rule, s.entity, null, s.ctx);
  return v === true ? TRUE : v === false || v === UNDECIDED ? FALSE : UNKNOWN;
}

function operand(expr: ExprNode, s: Scope): Expression<unknown> {
  // Computed up front, arithmetic is a double (7 / 2 = 3.5) that PostgreSQL must not read as an integer.
  if (expr.kind === 'arith') return asDouble(expr, s);
  if (expr.kind !== 'field' && isConstantExpr(expr)) return sql.val(evalExpr(expr, null, s.ctx));
  return visitExpr(expr, OPERAND, s);
}

function cannot(expr: ExprNode, s: Scope): never {
  throw new Error(
    `A rule on ${s.entity} computes ${expr.kind} with a field; it cannot filter a list in SQL.`,
  );
}

/**
 * A number operand of arithmetic as a double, on both dialects (`double precision` has REAL
 * affinity in SQLite): integer division and PostgreSQL's integer overflow never happen, and
 * the arithmetic is the evaluator's, IEEE doubles. A constant that is no number is null.
 */
function asDouble(expr: ExprNode, s: Scope): RawBuilder<unknown> {
  if (expr.kind !== 'field' && isConstantExpr(expr)) {
    const v = evalExpr(expr, null, s.ctx);
    return typeof v === 'number'
      ? sql`cast(${sql.val(v)} as double precision)`
      : sql`cast(null as double precision)`;
  }
  return sql`cast(${visitExpr(expr, OPERAND, s)} as double precision)`;
}

// The evaluator's bound: a computed number beyond it is null. Written into the text, a
// numeric on PostgreSQL, a double on SQLite.
const LARGEST = sql.raw(String(LARGEST_COMPUTED));
// Below this a product or quotient is 0 (PostgreSQL raises an error where a double underflows
// to 0; SQLite reads it as 4.9e-324, the least double, so only an exact 0 is under it).
const TINY = sql.raw('2.5e-324');

/**
 * The SQL aggregate of `node`'s field over the rows of `alias`: sums and counts as doubles,
 * as arithmetic computes (a PostgreSQL `bigint` count would come back as text and compare as
 * an integer); an empty sum is 0, as the evaluator's (aggregate-value.ts). A sum adds in
 * `numeric` (never PostgreSQL's overflow error; still a double on SQLite, where `+ 0.0`
 * keeps integers from SQLite's integer overflow error) and one beyond LARGEST is null.
 * @example aggregateSql(sumNode, 'c') // case when sum(cast("c"."amount" as numeric) + 0.0) is null then 0 …
 */
export function aggregateSql(node: ExprOf<'aggregate'>, alias: string, app: App): RawBuilder<unknown> {
  if (node.fn === 'count' || node.field === undefined) return sql`cast(count(*) as double precision)`;
  const ref = sql.ref(`${alias}.${node.field}`);
  if (node.fn === 'sum') {
    const total = sql`sum(cast(${ref} as numeric) + 0.0)`;
    return sql`(case when ${total} is null then cast(0 as double precision) when abs(${total}) <= ${LARGEST} then cast(${total} as double precision) end)`;
  }
  const type = app.entities[node.entity]?.fields[node.field]?.type;
  const col = type === 'integer' || type === 'number' ? sql`cast(${ref} as double precision)` : ref;
  return node.fn === 'min' ? sql`min(${col})` : sql`max(${col})`;
}

/**
 * Arithmetic on two doubles, null beyond LARGEST, never an error: whether the result is in
 * range is judged first in `numeric` (exact on SQLite's doubles; on PostgreSQL within 1e-14 of
 * the truth, which LARGEST's margin covers), and only then computed as a double — the
 * evaluator's IEEE result. Each operand is written once, in a one-row subquery, so nesting
 * does not double the SQL.
 */
function arithSql(n: ExprOf<'arith'>, s: Scope): RawBuilder<unknown> {
  const [l, r] = [sql.ref('o.l'), sql.ref('o.r')];
  const [nl, nr] = [sql`cast(${l} as numeric)`, sql`cast(${r} as numeric)`];
  // Division by zero is null on both dialects (PostgreSQL would raise an error).
  const exact = n.op === 'div' ? sql`${nl} / nullif(${nr}, 0)` : sql`${nl} ${sql.raw(ARITH[n.op])} ${nr}`;
  const value = n.op === 'div' ? sql`${l} / nullif(${r}, 0)` : sql`${l} ${sql.raw(ARITH[n.op])} ${r}`;
  const underflow =
    n.op === 'mul' || n.op === 'div'
      ? sql`when abs(${exact}) < ${TINY} then cast(0 as double precision) `
      : sql``;
  return sql`(select case when abs(${exact}) > ${LARGEST} then null ${underflow}else ${value} end from (select ${asDouble(
    n.left,
    s,
  )} as l, ${asDouble(n.right, s)} as r) as o)`;
}

// Expressions that read a column. Whatever reads none was computed up front by `operand`.
const OPERAND: ExprVisitor<Expression<unknown>, Scope> = {
  field: (n, s) => sql.ref(`${s.alias}.${n.name}`),
  literal: cannot,
  caller: cannot,
  const: cannot,
  input: cannot,
  now: cannot,
  addTime: cannot,
  lookup: cannot,
  // A field's zone or instant needs the zone database, which SQLite lacks: the checker keeps
  // such rules out of everything that becomes SQL.
  clock: cannot,
  arith: arithSql,
  // Every child of the parent, read rules aside: an aggregate is a rule of integrity.
  aggregate: (n, s) => {
    const alias = `a${s.depth + 1}`;
    const inner: Scope = {
      entity: n.entity,
      alias,
      depth: s.depth + 1,
      ctx: { ...s.ctx, changed: new Set() },
    };
    const where = n.where ? visitRule(n.where, SQL, inner) : TRUE;
    return sql`(select ${aggregateSql(n, alias, s.ctx.app)} from ${sql.table(n.entity)} as ${sql.id(alias)} where ${sql.ref(
      `${alias}.${n.via}`,
    )} = ${operand(n.of, s)} and ${where})`;
  },
};

/** The constant side's value, or undefined when the side reads a column. */
function constantValue(expr: ExprNode, s: Scope): { value: unknown } | undefined {
  return expr.kind !== 'field' && isConstantExpr(expr) ? { value: evalExpr(expr, null, s.ctx) } : undefined;
}

function join(parts: readonly RuleNode[], glue: 'and' | 'or', s: Scope): RawBuilder<SqlBool> {
  if (parts.length === 0) return glue === 'and' ? TRUE : FALSE;
  return sql<SqlBool>`(${sql.join(
    parts.map((r) => visitRule(r, SQL, s)),
    sql.raw(` ${glue} `),
  )})`;
}

function throughRef(via: string, inner: (target: string) => RuleNode, s: Scope): RawBuilder<SqlBool> {
  const f = s.ctx.app.entities[s.entity]?.fields[via];
  if (f?.type !== 'ref') return FALSE;
  const alias = `r${s.depth + 1}`;
  const innerScope: Scope = {
    entity: f.entity,
    alias,
    depth: s.depth + 1,
    ctx: { ...s.ctx, changed: new Set() },
  };
  // `exists` is never unknown: a missing or unknown related record does not admit.
  return sql<SqlBool>`exists (select 1 from ${sql.table(f.entity)} as ${sql.id(alias)} where ${sql.ref(
    `${alias}.id`,
  )} = ${sql.ref(`${s.alias}.${via}`)} and ${visitRule(inner(f.entity), SQL, innerScope)})`;
}

const SQL: RuleVisitor<RawBuilder<SqlBool>, Scope> = {
  allow: decided,
  deny: decided,
  signedIn: decided,
  and: (n, s) => join(n.rules, 'and', s),
  or: (n, s) => join(n.rules, 'or', s),
  not: (n, s) => sql<SqlBool>`(not ${visitRule(n.rule, SQL, s)})`,
  compare: (n, s) => {
    const l = constantValue(n.left, s);
    const r = constantValue(n.right, s);
    if (l && r) return decided(n, s);
    // A literal null asks whether the other side is empty (the evaluator's reading too).
    const nullLiteral = (e: ExprNode) => e.kind === 'literal' && e.value === null;
    if ((n.op === 'eq' || n.op === 'ne') && (nullLiteral(n.left) || nullLiteral(n.right))) {
      const side = operand(nullLiteral(n.left) ? n.right : n.left, s);
      return n.op === 'eq' ? sql<SqlBool>`(${side} is null)` : sql<SqlBool>`(${side} is not null)`;
    }
    if (l?.value === null || r?.value === null) return UNKNOWN;
    return sql<SqlBool>`(${operand(n.left, s)} ${sql.raw(OPS[n.op])} ${operand(n.right, s)})`;
  },
  in: (n, s) => {
    if (constantValue(n.left, s)) return decided(n, s);
    if (n.values.length === 0) return FALSE;
    // A null among the values asks for an empty operand, as `eq(x, null)` does.
    const col = operand(n.left, s);
    const values = n.values.filter((v) => v !== null);
    const listed = sql<SqlBool>`${col} in (${sql.join(values.map((v) => sql.val(v)))})`;
    if (values.length === n.values.length) return sql<SqlBool>`(${listed})`;
    return values.length === 0 ? sql<SqlBool>`(${col} is null)` : sql<SqlBool>`(${listed} or ${col} is null)`;
  },
  isNull: (n, s) =>
    constantValue(n.operand, s) ? decided(n, s) : sql<SqlBool>`(${operand(n.operand, s)} is null)`,
  inState: (n, s) => {
    const field = s.ctx.app.entities[s.entity]?.states?.field;
    if (!field || n.states.length === 0) return FALSE;
    return sql<SqlBool>`(${sql.ref(`${s.alias}.${field}`)} in (${sql.join(n.states.map((v) => sql.val(v)))}))`;
  },
  // A list has no write: nothing changed.
  changed: () => FALSE,
  related: (n, s) => throughRef(n.via, () => n.rule, s),
  can: (n, s) => throughRef(n.via, (target) => accessRule(s.ctx.app, target, roleOf(s.ctx.caller), n.op), s),
};

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
  return visitRule(rule, SQL, { entity, alias, depth: 0, ctx });
}
