/**
 * An export imports back for an entity the server writes parts of — a state machine, a
 * read-only field, a computed field — over HTTP, once per dialect: those columns are left
 * out and named in the report, while a column no field has still fails every row. Text a
 * spreadsheet would run as a formula, and text that already starts with `'`, comes back as
 * it was. The row cap holds while the body is read: a body past it is refused before its
 * tail is even looked at.
 */
import { defineApp, entity, f, field, multiply, now } from '@ninefold/spec';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listRecords, readListQuery } from '../../src/core/records/list-records';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { sessionUser } from '../realtime/session-user';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';
import { ok, type Rec } from './query-world';

const loansApp = defineApp({
  about: { name: 'Loans', summary: 'A ledger of loans.', audience: 'Tests.' },
  roles: { member: {}, admin: { admin: true } },
  entities: {
    loans: entity({
      title: 'borrower',
      fields: {
        borrower: f.text({ min: 1, max: 80 }),
        amount: f.number({ min: 0 }),
        note: f.text({ max: 200, optional: true }),
        approvedAt: f.datetime({ optional: true, readOnly: true }),
        owed: f.number({ computed: multiply(field('amount'), 2) }),
      },
      states: {
        field: 'status',
        initial: 'requested',
        states: { requested: {}, approved: {}, repaid: { final: true } },
        transitions: {
          approve: { from: 'requested', to: 'approved', who: { member: true }, set: { approvedAt: now() } },
        },
      },
      access: { read: { member: true }, create: { member: true }, update: { member: true } },
    }),
  },
});

const URL = '/api/entities/loans';
const CSV = { 'content-type': 'text/csv' };
const JSON_TYPE = { 'content-type': 'application/json' };
const TOO_MANY = /at most 5000 rows/;

describe.each(DIALECTS)('import round trip on %s', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  let member: TestUser;
  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(loansApp, { database: tdb.url, logger: false });
    member = await sessionUser(nf, 'member');
  });
  beforeEach(async () => {
    await nf.db.run(nf.db.qb.deleteFrom('loans'));
  });
  afterAll(async () => {
    await nf?.close();
    await tdb?.drop();
  });

  const send = (method: 'GET' | 'POST', url: string, payload?: string, headers = {}) =>
    nf.server.inject({
      method,
      url,
      headers: { ...member.headers, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const importBody = (body: string, headers: Record<string, string>) =>
    send('POST', `${URL}/import`, body, headers);
  const all = async (): Promise<Rec[]> => {
    const scope = nf.core.scope(null, true);
    const page = await listRecords(scope, 'loans', readListQuery(scope, 'loans', { limit: '50' }));
    return page.items as Rec[];
  };
  const byBorrower = (rs: Rec[]) => [...rs].sort((a, b) => a.borrower.localeCompare(b.borrower));
  const seed = async () => {
    const made = await send('POST', URL, JSON.stringify({ borrower: 'Ada', amount: 10 }), JSON_TYPE);
    expect(made.statusCode, made.body).toBe(201);
    const approved = made.json();
    ok(await send('POST', `${URL}/${approved.id}/transitions/approve`, '{}', JSON_TYPE));
    await nf.core.create(null, 'loans', { borrower: 'Bob', amount: 2.5, note: '=HYPERLINK("x")' }, true);
  };

  it.each([
    ['csv', CSV],
    ['json', JSON_TYPE],
  ])(
    'a %s export of records in any state imports back: server-set columns left out and named',
    async (format, headers) => {
      await seed();
      const before = byBorrower(await all());
      expect(before.map((r) => [r.status, r.approvedAt === null])).toEqual([
        ['approved', false],
        ['requested', true],
      ]);
      const file = (await send('GET', `${URL}/export?format=${format}`)).body;
      await nf.db.run(nf.db.qb.deleteFrom('loans'));
      const report = ok(await importBody(file, headers));
      expect(report).toMatchObject({
        created: 2,
        failed: 0,
        ignoredColumns: ['approvedAt', 'owed', 'status'],
      });
      const after = byBorrower(await all());
      // What a create may set comes back; the rest is the server's again: a new loan is requested.
      const pick = (r: Rec) => ({ borrower: r.borrower, amount: r.amount, note: r.note, owed: r.owed });
      expect(after.map(pick)).toEqual(before.map(pick));
      expect(after.map((r) => [r.status, r.approvedAt])).toEqual([
        ['requested', null],
        ['requested', null],
      ]);
    },
  );

  it('a file without server-set columns has no ignoredColumns in its report', async () => {
    const report = ok(await importBody('borrower,amount\r\nCy,1\r\n', CSV));
    expect(report).toMatchObject({ created: 1 });
    expect(report).not.toHaveProperty('ignoredColumns');
  });

  it.each([
    ['csv', 'borrower,amount,colour\r\nCy,1,red\r\n', CSV],
    ['json', '[{"borrower":"Cy","amount":1,"colour":"red"}]', JSON_TYPE],
  ])('a %s column no field has still fails every row as unknown_field', async (_f, body, headers) => {
    const report = ok(await importBody(body, headers));
    expect(report).toMatchObject({ created: 0, failed: 1 });
    expect(report).not.toHaveProperty('ignoredColumns');
    expect(report.rows[0]).toMatchObject({ status: 'failed', code: 'VALIDATION_FAILED' });
    expect(report.rows[0].errors).toMatchObject([{ path: 'colour', code: 'unknown_field' }]);
    expect(await all()).toEqual([]);
  });

  it("text round-trips through CSV whatever it starts with, the export's own `'` included", async () => {
    const notes = ["'=x", '=x', "''+1", "'plain", "'", '-5', '@sum', "'-", 'plain'];
    for (const [i, note] of notes.entries())
      await nf.core.create(null, 'loans', { borrower: `b${i}`, amount: i, note }, true);
    const csv = (await send('GET', `${URL}/export`)).body;
    // The file stays safe to open: no cell starts with a formula character.
    expect(csv).not.toMatch(/(^|,)[=+\-@]/m);
    await nf.db.run(nf.db.qb.deleteFrom('loans'));
    expect(ok(await importBody(csv, CSV))).toMatchObject({ created: notes.length, failed: 0 });
    const back = Object.fromEntries((await all()).map((r) => [r.borrower, r.note]));
    expect(notes.map((_, i) => back[`b${i}`])).toEqual(notes);
  });

  it('a JSON key __proto__ is an unknown field of its row, and pollutes nothing', async () => {
    const report = ok(
      await importBody('[{"borrower":"Cy","amount":1,"__proto__":{"polluted":1}}]', JSON_TYPE),
    );
    expect(report.rows[0]).toMatchObject({ status: 'failed', code: 'VALIDATION_FAILED' });
    expect(({} as Rec).polluted).toBeUndefined();
    expect(await all()).toEqual([]);
  });

  // Past the cap, the tail is never read: a malformed tail would otherwise be the refusal.
  const cap: [label: string, body: string, headers: Record<string, string>, reason: RegExp][] = [
    ['CSV past the cap with a broken tail', `amount\r\n${'1\r\n'.repeat(5001)}"open`, CSV, TOO_MANY],
    ['JSON past the cap with a broken tail', `[${'{},'.repeat(5001)} nonsense`, JSON_TYPE, TOO_MANY],
    ['JSON of 5001 rows', `[${Array(5001).fill('{"a":[1,{"b":","}]}').join(',')}]`, JSON_TYPE, TOO_MANY],
    ['CSV of many tiny rows under the byte limit', `amount\n${'1\n'.repeat(4_000_000)}`, CSV, TOO_MANY],
    ['JSON that is not JSON', '[{"borrower":', JSON_TYPE, /not valid JSON/],
    ['empty JSON', '', JSON_TYPE, /./],
  ];
  it.each(cap)(
    'refuses %s with 400 MALFORMED_REQUEST, writing nothing',
    async (_l, body, headers, reason) => {
      const res = await importBody(body, headers);
      expect([res.statusCode, res.json().code], res.body).toEqual([400, 'MALFORMED_REQUEST']);
      expect(res.json().detail ?? res.json().title ?? res.body).toMatch(reason);
      expect(await all()).toEqual([]);
    },
  );

  it('takes exactly the cap, and JSON sent with a charset', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ borrower: `b${i}`, amount: -1 }));
    const report = ok(
      await importBody(JSON.stringify(rows), { 'content-type': 'application/json; charset=utf-8' }),
    );
    // Every row judged (and refused by its own rule), none refused as too many.
    expect(report).toMatchObject({ total: 5000, failed: 5000 });
  });
});
