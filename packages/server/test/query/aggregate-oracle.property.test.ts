/**
 * Property, once per dialect: for random populations, callers, groupings, functions and
 * filters, `GET …/aggregate` answers exactly what an independent oracle computes in JS from
 * the rows and fields the caller may read — or, when the query names a field the caller may
 * not read on every such row, refuses it as MALFORMED_REQUEST.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { ORDER_FIELDS } from './query-app';
import { type QueryWorld, queryWorld, type Rec } from './query-world';

type Role = 'member' | 'guest' | 'admin';
type Fn = 'sum' | 'avg' | 'min' | 'max';
interface Query {
  readonly role: Role;
  readonly groupBy: string[];
  readonly count: boolean;
  readonly fns: Partial<Record<Fn, string[]>>;
  readonly minQty: number | null;
}

const TIMES = ['2024-01-01T00:00:00.000Z', '2024-06-30T23:59:59.999Z', '2025-03-01T08:00:00.000Z'];
const order = (teams: readonly string[]) =>
  fc.record({
    region: fc.constantFrom('north', 'south', 'east'),
    paid: fc.boolean(),
    team: fc.constantFrom(null, ...teams),
    qty: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
    // Quarters add up exactly in any order, so sums are the same on every side.
    amount: fc.option(
      fc.integer({ min: -40, max: 40 }).map((n) => n / 4),
      { nil: null },
    ),
    secret: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }),
    note: fc.constantFrom(null, 'a', 'b', 'c'),
    placedAt: fc.constantFrom(null, ...TIMES),
  });

const subset = (xs: readonly string[], max: number) =>
  fc.uniqueArray(fc.constantFrom(...xs), { maxLength: max });
const query: fc.Arbitrary<Query> = fc.record({
  role: fc.constantFrom<Role>('member', 'guest', 'admin'),
  groupBy: subset(ORDER_FIELDS.groupBy, 2),
  count: fc.boolean(),
  fns: fc.record(
    {
      sum: subset(ORDER_FIELDS.sum, 2).filter((a) => a.length > 0),
      avg: subset(ORDER_FIELDS.sum, 2).filter((a) => a.length > 0),
      min: subset(ORDER_FIELDS.min, 2).filter((a) => a.length > 0),
      max: subset(ORDER_FIELDS.min, 2).filter((a) => a.length > 0),
    },
    { requiredKeys: [] },
  ),
  minQty: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
});

/** What the guest's two read grants both show: every field but `secret`. */
function readable(role: Role, field: string): boolean {
  return role !== 'guest' || field !== 'secret';
}

function oracle(rows: readonly Rec[], q: Query): { status: 400 } | { status: 200; groups: Rec[] } {
  const named = [...q.groupBy, ...Object.values(q.fns).flat(), ...(q.minQty === null ? [] : ['qty'])];
  if (!named.every((f) => readable(q.role, f))) return { status: 400 };
  const seen = rows
    .filter((r) => q.role !== 'guest' || r.region === 'north' || r.region === 'south')
    .filter((r) => q.minQty === null || (r.qty !== null && r.qty >= q.minQty));
  const byKey = new Map<string, Rec[]>();
  for (const r of seen) {
    const k = JSON.stringify(q.groupBy.map((f) => r[f]));
    byKey.set(k, [...(byKey.get(k) ?? []), r]);
  }
  // No groupBy: one group even over no rows, as SQL's aggregate without GROUP BY.
  if (q.groupBy.length === 0 && byKey.size === 0) byKey.set('[]', []);
  const anyFn = Object.keys(q.fns).length > 0;
  const groups = [...byKey.values()].map((members) => {
    const g: Rec = { key: Object.fromEntries(q.groupBy.map((f) => [f, members[0]?.[f] ?? null])) };
    if (q.count || !anyFn) g.count = members.length;
    for (const [fn, fields] of Object.entries(q.fns) as [Fn, string[]][]) {
      g[fn] = Object.fromEntries(
        fields.map((f) => {
          const vs = members.map((m) => m[f]).filter((v) => v !== null);
          if (vs.length === 0) return [f, null];
          const total = () => vs.reduce((a, b) => a + b, 0);
          if (fn === 'sum') return [f, total()];
          if (fn === 'avg') return [f, total() / vs.length];
          const sorted = [...vs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          return [f, fn === 'min' ? sorted[0] : sorted.at(-1)];
        }),
      );
    }
    return g;
  });
  const rank = (v: unknown): [number, unknown] => [
    v === null ? 0 : 1,
    typeof v === 'boolean' ? Number(v) : v,
  ];
  groups.sort((a, b) => {
    for (const f of q.groupBy) {
      const [x, y] = [rank(a.key[f]), rank(b.key[f])];
      if (x[0] !== y[0]) return x[0] - y[0];
      if (x[1] !== y[1]) return (x[1] as number) < (y[1] as number) ? -1 : 1;
    }
    return 0;
  });
  return { status: 200, groups };
}

function url(q: Query): string {
  const params = [
    ...(q.groupBy.length > 0 ? [`groupBy=${q.groupBy.join(',')}`] : []),
    ...(q.count ? ['count'] : []),
    ...Object.entries(q.fns).map(([fn, fields]) => `${fn}=${fields.join(',')}`),
    ...(q.minQty === null ? [] : [`qty[gte]=${q.minQty}`]),
  ];
  return `/api/entities/orders/aggregate?${params.join('&')}`;
}

describe.each(DIALECTS)('aggregate equals the oracle on %s', (dialect) => {
  let w: QueryWorld;
  let teams: string[];
  beforeAll(async () => {
    w = await queryWorld(dialect);
    teams = [];
    for (const name of ['A', 'B'])
      teams.push(String((await w.nf.core.create(null, 'teams', { name }, true)).id));
  });
  afterAll(async () => w?.close());

  it('for random populations, callers and queries', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(order(teams), { maxLength: 25 }),
        fc.array(query, { minLength: 1, maxLength: 6 }),
        async (rows, queries) => {
          await w.clearOrders();
          for (const r of rows)
            await w.order(Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)));
          for (const q of queries) {
            const res = await w.get(url(q), w[q.role]);
            const want = oracle(rows, q);
            expect(res.statusCode, `${url(q)} as ${q.role}: ${res.body}`).toBe(want.status);
            if (want.status === 200) expect(res.json(), url(q)).toEqual({ groups: want.groups });
            else expect(res.json().code).toBe('MALFORMED_REQUEST');
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
