/**
 * An aggregate of related records computed by the database, one statement each: every child
 * counts (a rule of integrity, not of visibility — no read rule applies), and a pending write
 * of a child is counted as if applied: its stored row is left out and the record as written
 * counted in when it points at the same parent and satisfies `where`. So a claim item's
 * "items total at most 500,000" judges the claim's total after this very write.
 */
import { type ExprOf, foldAggregate } from '@ninefold/spec';
import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { aggregateSql, ruleToSql } from './compile-rule';
import { evalRule, type RowLoader } from './evaluate-rule';
import type { AggregateLoader, RuleContext } from './rule-context';

type Aggregate = ExprOf<'aggregate'>;

/** The context `where` is judged in: the children's own, no write and nothing changed. */
function childContext(ctx: RuleContext): RuleContext {
  const { write: _write, changed: _changed, ...rest } = ctx;
  return rest;
}

/** A value as the evaluator holds the child field's: numbers as numbers, instants as ISO text. */
function decode(ctx: RuleContext, node: Aggregate, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (node.fn === 'count' || node.fn === 'sum') return Number(v);
  const type = node.field ? ctx.app.entities[node.entity]?.fields[node.field]?.type : undefined;
  if (type === 'integer' || type === 'number') return Number(v);
  return v instanceof Date ? v.toISOString() : v;
}

/**
 * Computes aggregates on `exec` (the write's transaction, so it sees the rows it locked).
 * @example const ctx = { ...scope.rules, aggregates: aggregateLoader(scope.exec, loadRow) };
 */
export function aggregateLoader(exec: Executor, load: RowLoader): AggregateLoader {
  return (node, parentId, ctx) => loadAggregate(exec, load, node, parentId, ctx);
}

async function loadAggregate(
  exec: Executor,
  load: RowLoader,
  node: Aggregate,
  parentId: string,
  ctx: RuleContext,
): Promise<unknown> {
  if (!Object.hasOwn(ctx.app.entities, node.entity)) return null;
  const inner = childContext(ctx);
  const write = ctx.write?.entity === node.entity ? ctx.write : undefined;
  const where = node.where ? ruleToSql(node.where, node.entity, 'c', inner) : sql`1 = 1`;
  const others = write ? sql` and ${sql.ref('c.id')} <> ${write.id}` : sql``;
  const query = sql<{
    v: unknown;
  }>`select ${aggregateSql(node, 'c', ctx.app)} as v from ${sql.table(node.entity)} as c where ${sql.ref(
    `c.${node.via}`,
  )} = ${parentId}${others} and ${where}`;
  const rows = await exec.all<{ v: unknown }>(query.compile(exec.qb));
  let value = decode(ctx, node, rows[0]?.v);
  const candidate = write?.record;
  if (candidate && candidate[node.via] === parentId) {
    const counts = !node.where || (await evalRule(node.where, node.entity, candidate, inner, load));
    if (counts) value = foldAggregate(node.fn, value, node.field ? (candidate[node.field] ?? null) : true);
  }
  return value;
}
