/**
 * The actions' record store, once per dialect: `Where` operators and relative values (one
 * meaning with the list's query string), `page` with a cursor, a `limit` past the maximum
 * refused (never silently cut), `aggregate` under the caller's rules (all for `elevated`),
 * and `countBy` as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { ok, type QueryWorld, queryWorld } from './query-world';

describe.each(DIALECTS)('the record store on %s', (dialect) => {
  let w: QueryWorld;
  beforeAll(async () => {
    w = await queryWorld(dialect);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await w.order({ region: 'north', qty: 1, secret: 10, placedAt: past });
    await w.order({ region: 'north', qty: 2, secret: 20, placedAt: future });
    await w.order({ region: 'south', qty: 3, secret: 30, placedAt: past });
    await w.order({ region: 'east', qty: 4, secret: 40 });
    await w.order({ region: 'east', qty: 5, secret: 50 });
  });
  afterAll(async () => w?.close());

  const probe = async (who: 'member' | 'guest', probe: string, elevated = false) =>
    w.request({
      method: 'POST',
      url: '/api/actions/storeProbe',
      headers: w[who].headers,
      payload: { probe, elevated },
    });
  const answer = async (who: 'member' | 'guest', name: string, elevated = false) =>
    JSON.parse(ok(await probe(who, name, elevated)).json);

  const cases: [who: 'member' | 'guest', name: string, elevated: boolean, want: unknown][] = [
    [
      'member',
      'aggregate',
      false,
      {
        groups: [
          { key: { region: 'east' }, count: 2, sum: { qty: 9 } },
          { key: { region: 'north' }, count: 2, sum: { qty: 3 } },
          { key: { region: 'south' }, count: 1, sum: { qty: 3 } },
        ],
      },
    ],
    [
      'guest',
      'aggregate',
      false,
      {
        groups: [
          { key: { region: 'north' }, count: 2, sum: { qty: 3 } },
          { key: { region: 'south' }, count: 1, sum: { qty: 3 } },
        ],
      },
    ],
    ['guest', 'aggregateSecret', true, { groups: [{ key: {}, sum: { secret: 150 } }] }],
    ['member', 'aggregateWhere', false, { groups: [{ key: {}, max: { qty: 3 } }] }],
    ['member', 'whereOps', false, [2, 4, 5]],
    ['guest', 'whereOps', false, [2]],
    ['member', 'whereRelative', false, 2],
    ['member', 'pages', false, [1, 2, 3, 4, 5]],
    ['guest', 'pages', false, [1, 2, 3]],
    ['member', 'countBy', false, { east: 2, north: 2, south: 1 }],
  ];
  it.each(cases)('%s: %s (elevated %s)', async (who, name, elevated, want) => {
    expect(await answer(who, name, elevated)).toEqual(want);
  });

  it('a field the caller may not read on every record cannot be aggregated by its handler', async () => {
    const res = await probe('guest', 'aggregateSecret');
    expect([res.statusCode, res.json().code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(res.body).not.toContain('150');
  });

  it('a limit past the maximum is refused, not cut', async () => {
    const res = await probe('member', 'limitOver');
    expect([res.statusCode, res.json().code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(res.json().detail).toContain('page()');
  });
});
