/**
 * `GET /api/entities/{entity}/export` over HTTP, once per dialect: CSV per RFC 4180 with
 * formulas neutralised, JSON equal to the list the caller pages through, the read rule and
 * field rules applied to every record, every page walked, and bad input refused.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { ok, type QueryWorld, queryWorld, type Rec } from './query-world';

const E = '/api/entities/orders/export';

describe.each(DIALECTS)('export on %s', (dialect) => {
  let w: QueryWorld;

  beforeAll(async () => {
    w = await queryWorld(dialect);
    await w.order({ region: 'north', qty: 1, note: '=HYPERLINK("http://evil.example")', secret: 11 });
    await w.order({ region: 'south', qty: 2, note: 'comma, "quote"\nand a new line', secret: 22 });
    await w.order({ region: 'east', qty: 3, note: '-2+3', secret: 33, tags: ['a', 'b'] });
    // Past two pages of ten: the export walks pages, not one query.
    for (let i = 0; i < 22; i++) await w.order({ region: i % 2 ? 'north' : 'east', qty: 100 + i });
  });
  afterAll(async () => w?.close());

  /** Every item of the list as `who` pages through it. */
  async function listed(who: 'member' | 'guest'): Promise<Rec[]> {
    const out: Rec[] = [];
    let cursor = '';
    do {
      const page = ok(
        await w.get(`/api/entities/orders?limit=10${cursor ? `&cursor=${cursor}` : ''}`, w[who]),
      );
      out.push(...page.items);
      cursor = page.nextCursor ?? '';
    } while (cursor);
    return out;
  }

  it('CSV: an attachment, a header of field names, RFC 4180 quoting, formulas neutralised', async () => {
    const res = await w.get(E, w.member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(res.body).toContain('\r\n');
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header).toEqual([
      'id',
      'createdAt',
      'updatedAt',
      'version',
      'region',
      'team',
      'paid',
      'qty',
      'amount',
      'secret',
      'note',
      'placedAt',
      'tags',
    ]);
    expect(rows).toHaveLength(25);
    const note = (qty: string) => rows.find((r) => r[7] === qty)![10];
    expect(note('1')).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(note('2')).toBe('comma, "quote"\nand a new line');
    expect(note('3')).toBe("'-2+3");
    expect(rows.find((r) => r[7] === '3')![12]).toBe('["a","b"]');
    // The list's order: newest first.
    const ids = (await listed('member')).map((r) => r.id);
    expect(rows.map((r) => r[0])).toEqual(ids);
  });

  it('JSON: exactly the items the list shows a guest, fields cut per record', async () => {
    const res = await w.get(`${E}?format=json`, w.guest);
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders.json"');
    const items = ok(res) as Rec[];
    expect(items).toEqual(await listed('guest'));
    expect(items.some((r) => r.region === 'east')).toBe(false);
    expect(items.filter((r) => r.region === 'north').every((r) => !('secret' in r))).toBe(true);
    expect(items.find((r) => r.region === 'south')?.secret).toBe(22);
  });

  it('CSV for a guest: hidden rows absent, a field hidden on a record an empty cell', async () => {
    const [header, ...rows] = parse((await w.get(E, w.guest)).body) as string[][];
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[col('region')]).sort()).toEqual([...Array(12).fill('north'), 'south']);
    expect(rows.find((r) => r[col('qty')] === '1')![col('secret')]).toBe('');
    expect(rows.find((r) => r[col('qty')] === '2')![col('secret')]).toBe('22');
    expect(rows.flat()).not.toContain('33');
  });

  it('filters and sort as the list takes them', async () => {
    const [, ...rows] = parse((await w.get(`${E}?region=north&qty[gte]=100&sort=createdAt`, w.member)).body);
    expect(rows.map((r: string[]) => Number(r[7]))).toEqual([
      101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121,
    ]);
  });

  const refusals: [
    label: string,
    query: string,
    who: 'member' | 'guest' | null,
    status: number,
    code: string,
  ][] = [
    ['an unknown format', 'format=xlsx', 'member', 400, 'MALFORMED_REQUEST'],
    ['a page size', 'limit=5', 'member', 400, 'MALFORMED_REQUEST'],
    ['an unknown field', 'colour=red', 'member', 400, 'MALFORMED_REQUEST'],
    ['a field hidden on some records', 'secret=22', 'guest', 400, 'MALFORMED_REQUEST'],
    ['signed out', '', null, 401, 'UNAUTHENTICATED'],
  ];
  it.each(refusals)('refuses %s', async (_label, query, who, status, code) => {
    const res = await w.get(`${E}?${query}`, who ? w[who] : null);
    expect([res.statusCode, res.json().code]).toEqual([status, code]);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
