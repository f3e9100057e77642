/**
 * `POST /api/entities/{entity}/import` over HTTP, once per dialect: CSV and JSON bodies, every
 * row judged as `POST` judges a record, `all` writing nothing when one row fails, `each`
 * writing the rows that pass, NDJSON progress, the write rate per row, an export imported
 * back, and bad input refused with nothing written.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { ok, type QueryWorld, queryWorld, type Rec } from './query-world';

const I = '/api/entities/orders/import';
const CSV = { 'content-type': 'text/csv' };

describe.each(DIALECTS)('import on %s', (dialect) => {
  let w: QueryWorld;
  beforeAll(async () => {
    w = await queryWorld(dialect);
  });
  beforeEach(async () => w.clearOrders());
  afterAll(async () => w?.close());

  const post = (who: TestUser | null, payload: string | unknown[] | object, query = '', headers = {}) =>
    w.request({
      method: 'POST',
      url: `${I}${query}`,
      headers: { ...(who?.headers ?? {}), ...(typeof payload === 'string' ? CSV : {}), ...headers },
      payload: payload as string,
    });

  it('CSV, all good: every row created as POST would, defaults applied, cells read by type', async () => {
    const csv =
      'region,qty,paid,amount,note,tags\r\nnorth,2,true,1.5,first,"[""x""]"\r\nsouth,,,,second,\r\n';
    const report = ok(await post(w.member, csv));
    expect(report).toMatchObject({ mode: 'all', total: 2, created: 2, failed: 0 });
    expect(report.rows.map((r: Rec) => r.status)).toEqual(['created', 'created']);
    const stored = await w.allOrders();
    expect(stored.map((r) => r.id).sort()).toEqual(report.rows.map((r: Rec) => r.id).sort());
    const first = stored.find((r) => r.note === 'first')!;
    expect(first).toMatchObject({ region: 'north', qty: 2, paid: true, amount: 1.5, tags: ['x'] });
    expect(stored.find((r) => r.note === 'second')).toMatchObject({ qty: null, paid: false });
  });

  it('all: one bad row writes nothing, reports its code and fields, skips the others', async () => {
    const rows = [{ region: 'north', qty: 1 }, { region: 'west', qty: 5000 }, { region: 'south' }];
    const report = ok(await post(w.member, rows));
    expect(report).toMatchObject({ mode: 'all', total: 3, created: 0, failed: 1 });
    expect(report.rows[0]).toEqual({ row: 1, status: 'skipped' });
    expect(report.rows[1]).toMatchObject({ row: 2, status: 'failed', code: 'VALIDATION_FAILED' });
    expect(report.rows[1].errors.map((e: Rec) => e.path).sort()).toEqual(['qty', 'region']);
    expect(report.rows[2]).toEqual({ row: 3, status: 'skipped' });
    expect(await w.allOrders()).toEqual([]);
  });

  it('each: the good rows are written, the bad one reported', async () => {
    const rows = [
      { region: 'north', qty: 1 },
      { region: 'north', id: 'x', secret: 'no' },
      { region: 'south' },
    ];
    const report = ok(await post(w.member, rows, '?mode=each'));
    expect(report).toMatchObject({ mode: 'each', total: 3, created: 2, failed: 1 });
    expect(report.rows[1]).toMatchObject({ row: 2, status: 'failed', code: 'VALIDATION_FAILED' });
    expect((await w.allOrders()).map((r) => r.region).sort()).toEqual(['north', 'south']);
  });

  it('a row refused by a rule reports the rule code (a reference the caller may not read)', async () => {
    const report = ok(
      await post(w.member, [{ region: 'north', team: '0190a1b2-0000-7000-8000-00000000beef' }]),
    );
    expect(report.rows[0]).toMatchObject({ status: 'failed', code: 'VALIDATION_FAILED' });
    expect(report.rows[0].errors[0].path).toBe('team');
  });

  it('streams progress as NDJSON when asked, then the report', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ region: 'east', qty: i }));
    const res = await post(w.member, rows, '?mode=each', { accept: 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, -1)).toEqual(rows.map((_, i) => ({ progress: { done: i + 1, total: 7 } })));
    expect(lines.at(-1).report).toMatchObject({ total: 7, created: 7, failed: 0 });
  });

  it('an export imports back', async () => {
    await w.order({
      region: 'north',
      qty: 4,
      note: '=SUM(A1)',
      tags: ['t'],
      placedAt: '2025-05-05T05:05:05.000Z',
    });
    await w.order({ region: 'south', note: 'a, "b"\nc', paid: true });
    const before = await w.allOrders();
    const csv = (await w.get('/api/entities/orders/export', w.member)).body;
    await w.clearOrders();
    expect(ok(await post(w.member, csv))).toMatchObject({ created: 2, failed: 0 });
    const strip = (r: Rec) => {
      const { id, createdAt, updatedAt, version, ...fields } = r;
      return fields;
    };
    const sort = (rs: Rec[]) =>
      rs.map(strip).sort((a, b) => String(a.region).localeCompare(String(b.region)));
    expect(sort(await w.allOrders())).toEqual(sort(before));
  });

  it('counts each row against the write rate: each refuses the rows past it, all refuses the import', async () => {
    const rows = Array.from({ length: 5 }, () => ({ region: 'north' }));
    const each = ok(await post(w.clerk, rows, '?mode=each'));
    expect(each.rows.map((r: Rec) => r.code ?? r.status)).toEqual([
      'created',
      'created',
      'created',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    const all = await post(w.clerk, rows);
    expect([all.statusCode, all.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(all.headers['retry-after']).toBeDefined();
    expect(await w.allOrders()).toHaveLength(3);
  });

  const refusals: [
    label: string,
    who: 'member' | 'guest' | null,
    body: string | object,
    query: string,
    status: number,
    code: string,
  ][] = [
    ['a bad mode', 'member', [], '?mode=some', 400, 'MALFORMED_REQUEST'],
    ['an unknown parameter', 'member', [], '?dry=1', 400, 'MALFORMED_REQUEST'],
    ['JSON that is no array', 'member', { region: 'north' }, '', 400, 'MALFORMED_REQUEST'],
    ['an unclosed quote', 'member', 'region,note\r\nnorth,"open\r\n', '', 400, 'MALFORMED_REQUEST'],
    ['a row of the wrong length', 'member', 'region,note\r\nnorth,a,b\r\n', '', 400, 'MALFORMED_REQUEST'],
    [
      'a header naming a column twice',
      'member',
      'region,region\r\nnorth,south\r\n',
      '',
      400,
      'MALFORMED_REQUEST',
    ],
    ['no body', 'member', '', '', 400, 'MALFORMED_REQUEST'],
    ['too many rows', 'member', Array.from({ length: 5001 }, () => ({})), '', 400, 'MALFORMED_REQUEST'],
    [
      'a body over the import limit',
      'member',
      `region\r\n${'north\r\n'.repeat(1_500_000)}`,
      '',
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    ['a role that may not create', 'guest', [{ region: 'north' }], '', 403, 'FORBIDDEN'],
    ['signed out', null, [{ region: 'north' }], '', 401, 'UNAUTHENTICATED'],
  ];
  it.each(refusals)('refuses %s, writing nothing', async (_label, who, body, query, status, code) => {
    const res = await post(who ? w[who] : null, body, query);
    expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
    expect(res.body).not.toMatch(/at .*\.ts|stack|select |insert /i);
    expect(await w.allOrders()).toEqual([]);
  });

  it('a wrong content type is refused', async () => {
    const res = await post(w.member, 'region\nnorth', '', { 'content-type': 'application/xml' });
    expect([res.statusCode, res.json().code]).toEqual([400, 'MALFORMED_REQUEST']);
  });
});
