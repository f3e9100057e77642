/**
 * `GET /api/entities/{entity}/aggregate` over HTTP, once per dialect, table-driven: groups,
 * functions, filters, null keys, the read rule (a hidden row is never counted), field rules
 * (a field hidden on some readable record cannot be grouped, aggregated or filtered on),
 * and bad input answered with a catalogue code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { ok, type QueryWorld, queryWorld, type Rec } from './query-world';

type Who = 'member' | 'guest' | 'admin' | 'anonymous';
const A = '/api/entities/orders/aggregate';

describe.each(DIALECTS)('aggregate on %s', (dialect) => {
  let w: QueryWorld;
  let teamA: string;
  const as = (who: Who): TestUser | null => (who === 'anonymous' ? null : w[who]);

  beforeAll(async () => {
    w = await queryWorld(dialect);
    teamA = String((await w.nf.core.create(null, 'teams', { name: 'A' }, true)).id);
    const rows: Rec[] = [
      {
        region: 'north',
        qty: 2,
        amount: 1.5,
        secret: 7,
        paid: true,
        team: teamA,
        placedAt: '2025-01-02T00:00:00.000Z',
      },
      { region: 'north', qty: 3, amount: 2.25, secret: 1, paid: false, note: 'b' },
      { region: 'south', qty: 10, secret: 100, paid: true, team: teamA, note: 'a' },
      { region: 'south', qty: null, amount: 4, paid: false, placedAt: '2024-06-01T12:00:00.000Z' },
      // East is hidden from guests by the read rule: its numbers must never reach them.
      { region: 'east', qty: 1000, amount: 999, secret: 5000, paid: true },
    ];
    for (const r of rows) await w.order(r);
  });
  afterAll(async () => w?.close());

  const cases: [label: string, who: Who, query: string, groups: Rec[]][] = [
    [
      'count by region, sorted by key',
      'member',
      'groupBy=region&count',
      [
        { key: { region: 'east' }, count: 1 },
        { key: { region: 'north' }, count: 2 },
        { key: { region: 'south' }, count: 2 },
      ],
    ],
    ['no groupBy: one group, count by default', 'member', '', [{ key: {}, count: 5 }]],
    [
      'a guest never counts the rows its read rule hides',
      'guest',
      'count=true&sum=qty&max=amount',
      [{ key: {}, count: 4, sum: { qty: 15 }, max: { amount: 4 } }],
    ],
    [
      'sum, avg, min, max by paid (booleans as booleans, avg over values only)',
      'member',
      'groupBy=paid&sum=qty,amount&avg=qty&min=placedAt,note&max=qty',
      [
        {
          key: { paid: false },
          sum: { qty: 3, amount: 6.25 },
          avg: { qty: 3 },
          min: { placedAt: '2024-06-01T12:00:00.000Z', note: 'b' },
          max: { qty: 3 },
        },
        {
          key: { paid: true },
          sum: { qty: 1012, amount: 1000.5 },
          avg: { qty: 1012 / 3 },
          min: { placedAt: '2025-01-02T00:00:00.000Z', note: 'a' },
          max: { qty: 1000 },
        },
      ],
    ],
    [
      'null keys form their own group, first',
      'member',
      'groupBy=team&count',
      [
        { key: { team: null }, count: 3 },
        { key: { team: '$teamA' }, count: 2 },
      ],
    ],
    [
      'filters narrow the records',
      'guest',
      'groupBy=region,paid&count&region[ne]=south&qty[gte]=2',
      [
        { key: { region: 'north', paid: false }, count: 1 },
        { key: { region: 'north', paid: true }, count: 1 },
      ],
    ],
    ['no records: no groups', 'member', 'groupBy=region&region=north&qty[gt]=500', []],
    ['sums over no values are null', 'member', 'sum=qty&qty=null', [{ key: {}, sum: { qty: null } }]],
  ];

  it.each(cases)('%s', async (_label, who, query, groups) => {
    const body = ok(await w.get(`${A}?${query}`, as(who)));
    const want = JSON.parse(JSON.stringify(groups).replaceAll('$teamA', teamA));
    expect(body).toEqual({ groups: want });
  });

  const refusals: [label: string, who: Who, query: string, status: number, code: string][] = [
    ['unknown field', 'member', 'groupBy=colour', 400, 'MALFORMED_REQUEST'],
    ['unknown function', 'member', 'median=qty', 400, 'MALFORMED_REQUEST'],
    ['sum of an enum', 'member', 'sum=region', 400, 'MALFORMED_REQUEST'],
    ['group by a list', 'member', 'groupBy=tags', 400, 'MALFORMED_REQUEST'],
    ['a field hidden on some readable records: group', 'guest', 'groupBy=secret', 400, 'MALFORMED_REQUEST'],
    ['a field hidden on some readable records: sum', 'guest', 'sum=secret', 400, 'MALFORMED_REQUEST'],
    ['a field hidden on some readable records: max', 'guest', 'max=secret', 400, 'MALFORMED_REQUEST'],
    ['a field hidden on some readable records: filter', 'guest', 'secret[gt]=5', 400, 'MALFORMED_REQUEST'],
    ['too many groupBy fields', 'member', 'groupBy=region,paid,team,qty', 400, 'MALFORMED_REQUEST'],
    ['a field twice', 'member', 'sum=qty,qty', 400, 'MALFORMED_REQUEST'],
    ['empty list', 'member', 'sum=', 400, 'MALFORMED_REQUEST'],
    ['bad count', 'member', 'count=maybe', 400, 'MALFORMED_REQUEST'],
    ['a list parameter', 'member', 'groupBy=region&sort=qty', 400, 'MALFORMED_REQUEST'],
    ['repeated parameter', 'member', 'sum=qty&sum=amount', 400, 'MALFORMED_REQUEST'],
    ['signed out', 'anonymous', 'groupBy=region', 401, 'UNAUTHENTICATED'],
  ];

  it.each(refusals)('refuses: %s', async (_label, who, query, status, code) => {
    const res = await w.get(`${A}?${query}`, as(who));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe(code);
    // The refusal never tells a hidden value.
    expect(res.body).not.toMatch(/5000|100\b/);
  });

  it('an unknown entity is NOT_FOUND', async () => {
    const res = await w.get('/api/entities/nope/aggregate?count', w.member);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('the hidden field on the records a guest may read is refused exactly as an unknown one', async () => {
    const hidden = await w.get(`${A}?sum=secret`, w.guest);
    const unknown = await w.get(`${A}?sum=nothing`, w.guest);
    expect(hidden.json().detail.replace('secret', 'X')).toBe(unknown.json().detail.replace('nothing', 'X'));
  });
});
