/**
 * Group-by with count, sum, min, max and average, over exactly the records the caller may
 * read: the list's WHERE (filters and read rule, `listConditions`) and the list's field test
 * (`readableFields`), so an aggregate tells nothing a list would not. One statement per
 * request; the average is each group's sum over its count of values, worked out here, so
 * both dialects (and an oracle in JS) answer the very same number.
 */
import {
  AGGREGATE_MAX_GROUP_BY,
  AGGREGATE_MAX_GROUPS,
  AGGREGATE_OPS,
  type AggregateAnswer,
  type AggregateGroup,
  type AggregateOp,
  aggregateFields,
} from '@ninefold/spec';
import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { AppError } from '../app-error';
import { isReadable } from './answer';
import type { Filter } from './list-query';
import { listConditions, readListQuery } from './list-records';
import type { RecordScope } from './record-scope';
import { decodeRow, type Rec } from './row-codec';

/** What to compute: the parts of `GET …/aggregate`, checked. */
export interface AggregateQuery {
  readonly groupBy: readonly string[];
  readonly count: boolean;
  readonly fns: Readonly<Record<AggregateOp, readonly string[]>>;
  readonly filters: readonly Filter[];
}

/** The parts an aggregate takes before they are checked, as arrays of field names. */
export type AggregateParts = Partial<Record<AggregateOp | 'groupBy', readonly string[]>> & {
  readonly count?: boolean;
};

function bad(reason: string): AppError {
  return new AppError('MALFORMED_REQUEST', { reason });
}

/**
 * Checks the parts against the entity and what the caller may read on every record: a field
 * it may not is refused exactly as one that does not exist.
 * @example checkAggregate(scope, 'tickets', { groupBy: ['status'], sum: ['estimate'] }, [])
 */
export function checkAggregate(
  scope: RecordScope,
  entity: string,
  parts: AggregateParts,
  filters: readonly Filter[],
): AggregateQuery {
  const can = aggregateFields(scope.entity(entity));
  const readable = scope.readableFields(entity);
  const pick = (use: AggregateOp | 'groupBy'): string[] => {
    const names = [...(parts[use] ?? [])];
    for (const name of names) {
      if (!can[use].includes(name) || !isReadable(readable, name))
        throw bad(`${use}: there is no field '${name}' to ${use === 'groupBy' ? 'group by' : use}.`);
    }
    if (new Set(names).size !== names.length) throw bad(`${use} names a field twice.`);
    return names;
  };
  const groupBy = pick('groupBy');
  if (groupBy.length > AGGREGATE_MAX_GROUP_BY)
    throw bad(`groupBy takes at most ${AGGREGATE_MAX_GROUP_BY} fields.`);
  const fns = Object.fromEntries(
    AGGREGATE_OPS.map((op) => [op, pick(op)]),
  ) as unknown as AggregateQuery['fns'];
  const asked = AGGREGATE_OPS.some((op) => fns[op].length > 0);
  return { groupBy, count: parts.count ?? !asked, fns, filters };
}

const PARTS = new Set(['groupBy', 'count', ...AGGREGATE_OPS]);
// The list's paging and shaping mean nothing to a set of groups.
const NOT_HERE = new Set(['sort', 'limit', 'cursor', 'expand', 'search']);

/**
 * Reads `?groupBy=a,b&count&sum=c&…` plus the list filters, as the caller.
 * @example readAggregateQuery(scope, 'tickets', { groupBy: 'status', count: '' })
 */
export function readAggregateQuery(
  scope: RecordScope,
  entity: string,
  query: Readonly<Record<string, unknown>>,
): AggregateQuery {
  const rest: Record<string, unknown> = {};
  const parts: { -readonly [K in keyof AggregateParts]: AggregateParts[K] } = {};
  for (const [param, raw] of Object.entries(query)) {
    if (NOT_HERE.has(param)) throw bad(`${param} does not apply to an aggregate.`);
    if (!PARTS.has(param)) {
      rest[param] = raw;
      continue;
    }
    if (typeof raw !== 'string') throw bad(`${param} is given more than once.`);
    if (param === 'count') {
      if (raw !== '' && raw !== 'true' && raw !== 'false') throw bad('count must be true or false.');
      parts.count = raw !== 'false';
    } else {
      if (raw === '') throw bad(`${param} needs a field.`);
      parts[param as AggregateOp | 'groupBy'] = raw.split(',');
    }
  }
  // The filters and the read grants' test come from the list itself.
  const { filters } = readListQuery(scope, entity, rest);
  return checkAggregate(scope, entity, parts, filters);
}

type Column = { readonly alias: string; readonly expr: RawBuilder<unknown> };

/**
 * What an aggregate of one shape compiles to, apart from its WHERE: the text before and after
 * it, made once per query builder and shape. Only the WHERE (filters and read rule, which
 * depend on the caller) is compiled per request; the limit is a literal, so the WHERE's
 * parameters are the statement's, in order, on both dialects ($1… on PostgreSQL).
 */
interface Plan {
  readonly head: string;
  readonly tail: string;
}
const PLANS = new WeakMap<Kysely<any>, Map<string, Plan>>();
// Shapes are the caller's to choose: past this many, the cache starts over.
const MAX_PLANS = 500;

function planOf(qb: Kysely<any>, entity: string, q: AggregateQuery): Plan {
  let plans = PLANS.get(qb);
  if (!plans) {
    plans = new Map();
    PLANS.set(qb, plans);
  }
  const key = JSON.stringify([entity, q.groupBy, q.fns]);
  let plan = plans.get(key);
  if (plan) return plan;
  const ref = (f: string) => sql.ref(`t.${f}`);
  const keys: Column[] = q.groupBy.map((f, i) => ({ alias: `k${i}`, expr: ref(f) }));
  const values: Column[] = [{ alias: 'n', expr: sql`count(*)` }];
  for (const op of AGGREGATE_OPS) {
    q.fns[op].forEach((f, i) => {
      if (op === 'avg') {
        values.push({ alias: `avg_s${i}`, expr: sql`sum(${ref(f)})` });
        values.push({ alias: `avg_n${i}`, expr: sql`count(${ref(f)})` });
      } else values.push({ alias: `${op}${i}`, expr: sql`${sql.raw(op)}(${ref(f)})` });
    });
  }
  const select = sql.join([...keys, ...values].map((c) => sql`${c.expr} as ${sql.ref(c.alias)}`));
  const group = keys.length > 0 ? sql`group by ${sql.join(keys.map((k) => k.expr))}` : sql``;
  plan = {
    head: sql`select ${select} from ${sql.table(entity)} as t`.compile(qb).sql,
    tail: sql`${group} limit ${sql.lit(AGGREGATE_MAX_GROUPS + 1)}`.compile(qb).sql,
  };
  if (plans.size >= MAX_PLANS) plans.clear();
  plans.set(key, plan);
  return plan;
}

/** The statement of an aggregate: its plan around the WHERE compiled for this caller. */
function statementOf(scope: RecordScope, entity: string, q: AggregateQuery): CompiledQuery {
  const { head, tail } = planOf(scope.exec.qb, entity, q);
  const conditions = listConditions(scope, entity, q.filters);
  if (conditions.length === 0) return CompiledQuery.raw(`${head} ${tail}`, []);
  const where = sql.join(conditions, sql` and `).compile(scope.exec.qb);
  return { ...where, sql: `${head} where ${where.sql} ${tail}` };
}

/**
 * The groups: one with an empty key when nothing is grouped. More than
 * AGGREGATE_MAX_GROUPS is refused (MALFORMED_REQUEST), never cut short.
 * @example await aggregateRecords(scope, 'tickets', readAggregateQuery(scope, 'tickets', { groupBy: 'status' }))
 */
export async function aggregateRecords(
  scope: RecordScope,
  entity: string,
  q: AggregateQuery,
): Promise<AggregateAnswer> {
  const node = scope.entity(entity);
  // Without a group the statement answers one row even over no records: that is the one group.
  const rows = await scope.exec.all<Rec>(statementOf(scope, entity, q));
  if (rows.length > AGGREGATE_MAX_GROUPS)
    throw bad(`more than ${AGGREGATE_MAX_GROUPS} groups: narrow the filters or group by fewer fields.`);
  // Values decode as the record's own would (booleans, numbers, timestamps), by the row codec.
  const decode = (field: string, v: unknown): unknown =>
    field === 'createdAt' || field === 'updatedAt'
      ? v === null || v === undefined
        ? null
        : String(v instanceof Date ? v.toISOString() : v)
      : decodeRow(node, { [field]: v }, scope.exec.dialect)[field];
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  const groups = rows.map((r): AggregateGroup => {
    const key: Rec = {};
    for (let i = 0; i < q.groupBy.length; i++) key[q.groupBy[i]!] = decode(q.groupBy[i]!, r[`k${i}`]);
    const out: Record<string, unknown> = { key };
    if (q.count) out.count = Number(r.n);
    for (const op of AGGREGATE_OPS) {
      if (q.fns[op].length === 0) continue;
      out[op] = Object.fromEntries(
        q.fns[op].map((f, i) => {
          if (op === 'sum') return [f, num(r[`sum${i}`])];
          if (op === 'avg') {
            const n = Number(r[`avg_n${i}`]);
            return [f, n === 0 ? null : (num(r[`avg_s${i}`]) as number) / n];
          }
          return [f, decode(f, r[`${op}${i}`])];
        }),
      );
    }
    return out as unknown as AggregateGroup;
  });
  return { groups: groups.sort((a, b) => compareKeys(a.key, b.key, q.groupBy)) };
}

/** Null first, then by value (booleans false first, numbers by size, text by code point). */
function compareKeys(a: Rec, b: Rec, fields: readonly string[]): number {
  for (const f of fields) {
    const x = a[f];
    const y = b[f];
    if (x === y) continue;
    if (x === null || x === undefined) return -1;
    if (y === null || y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'boolean') return x ? 1 : -1;
    const [s, t] = [String(x), String(y)];
    if (s !== t) return s < t ? -1 : 1;
  }
  return 0;
}
