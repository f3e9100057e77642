/**
 * Per-record field projection, in the casebook, per dialect: a member holds two read grants
 * of cases — every field of their own, the title fields of any shared one — so a case
 * admitted only by the narrow grant shows its title fields alone, wherever it reaches them:
 * a get, a list, a note's related-record grant, the history, the audit log, an action's
 * `records`. Filters, sorts and `countBy` name only fields every readable record shows;
 * one hidden on some records is refused, whatever value it is asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpdesk-harness';
import { TestSocket } from '../realtime/test-socket';
import { DIALECTS } from '../test-databases';
import { CASE_TITLE_FIELDS, type Casebook, startCasebook } from '../workflows/casebook-app';

type Row = Record<string, unknown>;
type Who = 'alice' | 'bob' | 'boss' | 'auditor';
type CaseName = 'A1' | 'A2' | 'B1' | 'B2';

const SYSTEM = ['createdAt', 'id', 'updatedAt', 'version'];
const ALL_CASE = [...SYSTEM, 'owner', 'rating', 'secret', 'shared', 'title'].sort();
const TITLE_ONLY = [...SYSTEM, ...CASE_TITLE_FIELDS].sort();

/** The cases, whose secrets must never reach a reader of their title only. */
const CASES: Readonly<Record<CaseName, { by: 'alice' | 'bob'; title: string; shared: boolean }>> = {
  A1: { by: 'alice', title: 'Alpha shared', shared: true },
  A2: { by: 'alice', title: 'Alpha own', shared: false },
  B1: { by: 'bob', title: 'Bravo shared', shared: true },
  B2: { by: 'bob', title: 'Bravo own', shared: false },
};
const secretOf = (name: CaseName) => `secret-of-${name}`;

/** What a get of each case answers each reader: every field, the title fields, or 404. */
const GETS: readonly { who: Who; name: CaseName; shows: readonly string[] | 404 }[] = [
  { who: 'alice', name: 'A1', shows: ALL_CASE },
  { who: 'alice', name: 'A2', shows: ALL_CASE },
  { who: 'alice', name: 'B1', shows: TITLE_ONLY },
  { who: 'alice', name: 'B2', shows: 404 },
  { who: 'bob', name: 'A1', shows: TITLE_ONLY },
  { who: 'bob', name: 'B2', shows: ALL_CASE },
  { who: 'boss', name: 'B2', shows: ALL_CASE },
  { who: 'auditor', name: 'B1', shows: ALL_CASE },
  { who: 'auditor', name: 'B2', shows: TITLE_ONLY },
];

/** List queries a member sends about fields hidden on some cases they read, and the answer. */
const QUERIES: readonly { query: string; status: number }[] = [
  { query: 'secret=secret-of-B1', status: 400 },
  { query: 'secret=secret-of-A1', status: 400 },
  { query: 'secret[contains]=B1', status: 400 },
  { query: 'secret=null', status: 400 },
  { query: 'rating[gt]=3', status: 400 },
  { query: 'rating=9', status: 400 },
  { query: 'sort=rating', status: 400 },
  { query: 'sort=-rating', status: 400 },
  { query: 'title=Bravo shared', status: 200 },
  { query: 'shared=true', status: 200 },
  { query: 'sort=title', status: 200 },
];

describe.each(DIALECTS)('read grants project each record by the grants that admit it, on %s', (dialect) => {
  let c: Casebook;
  const ids = new Map<string, string>();
  const call = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Row) =>
    c.nf.server.inject({
      method,
      url,
      headers: (c[who] as TestUser).headers,
      ...(payload ? { payload } : {}),
    });
  const keys = (r: Row) =>
    Object.keys(r)
      .filter((k) => k !== '$can')
      .sort();

  beforeAll(async () => {
    c = await startCasebook(dialect);
    const ratings: Record<CaseName, number> = { A1: 5, A2: 1, B1: 9, B2: 7 };
    for (const [name, spec] of Object.entries(CASES) as [CaseName, (typeof CASES)[CaseName]][]) {
      const res = await call(spec.by, 'POST', '/api/entities/cases', {
        title: spec.title,
        shared: spec.shared,
        secret: secretOf(name),
        rating: ratings[name],
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.set(name, String(res.json().id));
    }
    const note = await call('bob', 'POST', '/api/entities/notes', {
      case: ids.get('B1'),
      body: 'Bravo note',
      private: 'bob-private-note',
    });
    expect(note.statusCode, note.body).toBe(201);
    ids.set('N1', String(note.json().id));
    // Writes to B1 that only its hidden fields see, then one its title shows.
    for (const patch of [{ secret: 'secret-of-B1-v2' }, { rating: 10 }, { title: 'Bravo renamed' }]) {
      const res = await call('bob', 'PATCH', `/api/entities/cases/${ids.get('B1')}`, patch);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => c?.close());

  it.each(GETS)('$who gets $name: $shows', async ({ who, name, shows }) => {
    const res = await call(who, 'GET', `/api/entities/cases/${ids.get(name)}`);
    if (shows === 404) return expect(res.statusCode).toBe(404);
    expect(res.statusCode, res.body).toBe(200);
    expect(keys(res.json())).toEqual(shows);
    expect(res.json().$can).toBeDefined();
    // `$can.update` may name a hidden field (update grants are their own); its value never shows.
    if (shows === TITLE_ONLY) expect(res.body).not.toMatch(/secret-of/);
  });

  it.each(['alice', 'bob'] as const)('%s lists cases, each item cut by its own grants', async (who) => {
    const res = await call(who, 'GET', '/api/entities/cases?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Row[];
    expect(items).toHaveLength(3);
    for (const item of items) {
      const own = item.owner === c[who].id;
      expect(keys(item), String(item.title)).toEqual(own ? ALL_CASE : TITLE_ONLY);
    }
  });

  it('a member reads their own account whole and another only by name (the bug’s own example)', async () => {
    const own = await call('alice', 'GET', `/api/entities/users/${c.alice.id}`);
    expect(own.json().email).toBe(c.alice.email);
    const other = await call('alice', 'GET', `/api/entities/users/${c.bob.id}`);
    expect(other.statusCode, other.body).toBe(200);
    expect(keys(other.json())).toEqual([...SYSTEM, 'name'].sort());
    const list = await call('alice', 'GET', '/api/entities/users?limit=100');
    const items = list.json().items as Row[];
    expect(items.filter((u) => 'email' in u).map((u) => u.id)).toEqual([c.alice.id]);
    expect(list.body).not.toContain(c.bob.email);
  });

  it('a note admitted through its case (a related-record grant) shows its case and body alone', async () => {
    const res = await call('alice', 'GET', `/api/entities/notes/${ids.get('N1')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(keys(res.json())).toEqual([...SYSTEM, 'body', 'case'].sort());
    const list = await call('alice', 'GET', '/api/entities/notes');
    expect((list.json().items as Row[]).map(keys)).toEqual([[...SYSTEM, 'body', 'case'].sort()]);
    expect(list.body).not.toContain('bob-private-note');
    const bob = await call('bob', 'GET', `/api/entities/notes/${ids.get('N1')}`);
    expect(bob.json().private).toBe('bob-private-note');
  });

  it('the history of a case read by its title leaves out the writes to its hidden fields', async () => {
    const res = await call('alice', 'GET', `/api/entities/cases/${ids.get('B1')}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { operation: string; changes: Row }[];
    expect(items.map((e) => [e.operation, Object.keys(e.changes).sort()])).toEqual([
      ['create', ['createdAt', 'id', 'owner', 'shared', 'title']],
      ['update', ['title']],
    ]);
    expect(res.body).not.toMatch(/secret|rating/);
    const bob = await call('bob', 'GET', `/api/entities/cases/${ids.get('B1')}/history`);
    expect(bob.json().items).toHaveLength(4);
  });

  it.each([
    { name: 'B1' as const, secretShown: true },
    { name: 'B2' as const, secretShown: false },
  ])(
    'the audit log shows the auditor $name as its grants do (secret: $secretShown)',
    async ({ name, secretShown }) => {
      const res = await call('auditor', 'GET', `/api/audit?recordId=${ids.get(name)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.includes('secret-of'), res.body).toBe(secretShown);
    },
  );

  it.each([
    { input: { action: 'peekCase', body: { caseId: 'B1' } }, output: { keys: TITLE_ONLY.join(',') } },
    { input: { action: 'peekCase', body: { caseId: 'A1' } }, output: { keys: ALL_CASE.join(',') } },
    { input: { action: 'listCases', body: {} }, output: { seen: 3, withSecret: 2 } },
    { input: { action: 'tally', body: { field: 'title' } }, output: { groups: 3 } },
  ])('an action reading as alice: $input.action $input.body', async ({ input, output }) => {
    const body = Object.fromEntries(
      Object.entries(input.body).map(([k, v]) => [k, k === 'caseId' ? ids.get(String(v)) : v]),
    );
    const res = await call('alice', 'POST', `/api/actions/${input.action}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(output);
  });

  it.each(['secret', 'rating'])('an action cannot group cases by %s, hidden on some', async (field) => {
    const res = await call('alice', 'POST', '/api/actions/tally', { field });
    expect(res.statusCode, res.body).toBe(404);
  });

  it.each(QUERIES)('a member lists cases with ?$query: $status', async ({ query, status }) => {
    const res = await call('alice', 'GET', `/api/entities/cases?${query}`);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 400) expect(res.json().code).toBe('MALFORMED_REQUEST');
  });

  it('probing a hidden field: the answer is the same whichever value is asked for', async () => {
    const answers = await Promise.all(
      ['secret-of-B1-v2', 'no-such-secret', 'secret-of-A1'].map(async (v) => {
        const res = await call('alice', 'GET', `/api/entities/cases?secret=${encodeURIComponent(v)}`);
        return { status: res.statusCode, body: res.body.replaceAll(v, '<value>') };
      }),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const socket = await TestSocket.open(c.port, c.alice.headers);
    await expect(socket.subscribe('probe', 'cases', { secret: 'secret-of-B1-v2' })).rejects.toThrow(
      /MALFORMED_REQUEST/,
    );
    await socket.close();
  });

  it('the boss, one grant of every field, filters and sorts on any field', async () => {
    const res = await call('boss', 'GET', '/api/entities/cases?sort=-rating&rating[gt]=1');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().items as Row[]).map((r) => r.rating)).toEqual([10, 7, 5]);
  });
});
