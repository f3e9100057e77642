/**
 * REST lists and realtime subscriptions share one filter semantics: random filter query
 * strings (every operator on every filterable type, `null` for the optional ones) over
 * random NULL-heavy rows — the list endpoint's answer (SQL) against `matchFilters`, what a
 * subscription to the same query is told of, over the same rows. Then a copy of the filter
 * semantics whose `ne` takes NULL as different must be caught. FC_SEED replays a failure.
 */
import {
  type CompareOp,
  filterOperators,
  matchesFilters,
  type Semantics,
  SQL_SEMANTICS,
} from '@ninefold/spec';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readListQuery } from '../../src/core/records/list-records';
import type { Caller } from '../../src/core/rules/rule-context';
import { matchFilters } from '../../src/realtime/match-filters';
import { DIALECTS } from '../test-databases';
import { POOL, putRows, rowSetArb, startSemantics, USERS } from './semantics-rows';

const RUNS = Number(process.env.FILTER_RUNS ?? 105);
const QUERIES_PER_SET = 100;
const SEED = Number(process.env.FC_SEED ?? 20_250_615);
const EDITOR: Caller = { id: USERS[1], role: 'editor', email: 'e@test.example' };

class Mismatch extends Error {}

type Pool = keyof typeof POOL;
const FILTERABLE: readonly {
  name: string;
  pool: Pool;
  type: Parameters<typeof filterOperators>[0];
  optional: boolean;
}[] = [
  { name: 't', pool: 'text', type: 'text', optional: true },
  { name: 'n', pool: 'integer', type: 'integer', optional: true },
  { name: 'x', pool: 'number', type: 'number', optional: true },
  { name: 'b', pool: 'boolean', type: 'boolean', optional: true },
  { name: 'd', pool: 'datetime', type: 'datetime', optional: true },
  { name: 'e', pool: 'enum', type: 'enum', optional: true },
  { name: 'reviewer', pool: 'user', type: 'ref', optional: true },
  { name: 'assignee', pool: 'user', type: 'ref', optional: true },
  { name: 'parent', pool: 'parent', type: 'ref', optional: true },
  { name: 'status', pool: 'state', type: 'state', optional: false },
  { name: 'version', pool: 'integer', type: 'integer', optional: false },
  { name: 'createdAt', pool: 'datetime', type: 'datetime', optional: false },
];

const paramArb = fc.constantFrom(...FILTERABLE).chain((f) =>
  fc.constantFrom(...filterOperators(f.type)).chain((op) => {
    const values = POOL[f.pool] as readonly (string | number | boolean)[];
    const one = fc.constantFrom(...values).map(String);
    const value =
      op === 'in'
        ? fc.subarray([...values], { minLength: 1 }).map((vs) => vs.map(String).join(','))
        : op === 'contains'
          ? fc.constantFrom(...values.filter((v) => v !== '')).map(String)
          : (op === 'eq' || op === 'ne') && f.optional
            ? fc.oneof(one, fc.constant('null'))
            : one;
    return value.map((v) => [op === 'eq' ? f.name : `${f.name}[${op}]`, v] as const);
  }),
);
const queryArb = fc.array(paramArb, { minLength: 1, maxLength: 3 }).map((ps) => Object.fromEntries(ps));

describe.each(DIALECTS)('filter differential on %s', (dialect) => {
  let s: Awaited<ReturnType<typeof startSemantics>>;
  beforeAll(async () => {
    s = await startSemantics(dialect);
  }, 60_000);
  afterAll(async () => s?.close());

  const property = (match: typeof matchFilters, count: { queries: number; hits: number }) =>
    fc.asyncProperty(
      rowSetArb,
      fc.array(queryArb, { minLength: QUERIES_PER_SET, maxLength: QUERIES_PER_SET }),
      async (set, queries) => {
        const stored = await putRows(s.nf, set);
        const scope = s.nf.core.scope(EDITOR);
        for (const query of queries) {
          const page = await s.nf.core.list(EDITOR, 'items', { ...query, limit: '100' });
          const rest = page.items.map((r) => String(r.id)).sort();
          // The subscription's filters, parsed as the hub parses them.
          const { filters } = readListQuery(scope, 'items', query);
          const live = stored.items
            .filter((r) => match(filters, r))
            .map((r) => String(r.id))
            .sort();
          if (rest.join() !== live.join()) {
            throw new Mismatch(
              `query ${JSON.stringify(query)}: REST ${rest.length} rows, realtime ${live.length}\n` +
                `only REST: ${rest.filter((id) => !live.includes(id))}\nonly realtime: ${live.filter((id) => !rest.includes(id))}`,
            );
          }
          count.queries += 1;
          count.hits += rest.length;
        }
      },
    );

  it(`the list and realtime matching agree on ${RUNS * QUERIES_PER_SET} random queries`, async () => {
    const count = { queries: 0, hits: 0 };
    const details = await fc.check(property(matchFilters, count), { seed: SEED, numRuns: RUNS });
    if (details.failed)
      throw new Error(`${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}`);
    console.info(
      `[filter differential on ${dialect}] ${count.queries} queries, ${count.hits} rows matched: 0 mismatches`,
    );
    expect(count.queries).toBe(RUNS * QUERIES_PER_SET);
    if (process.env.FILTER_RUNS === undefined) expect(count.queries).toBeGreaterThanOrEqual(10_000);
  }, 300_000);

  it('catches a copy of the filter semantics where ne treats NULL as different', async () => {
    const mutant: Semantics = {
      ...SQL_SEMANTICS,
      compare: (op: CompareOp, a: unknown, b: unknown) =>
        op === 'ne' && a === null ? true : SQL_SEMANTICS.compare(op, a, b),
    };
    const details = await fc.check(
      property((filters, r) => matchesFilters(filters, r, mutant), { queries: 0, hits: 0 }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(details.failed).toBe(true);
    expect(details.errorInstance).toBeInstanceOf(Mismatch);
    console.info(`[filter mutant on ${dialect}] caught: ${String((details.errorInstance as Error).message)}`);
  }, 120_000);
});
