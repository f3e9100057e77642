/**
 * `?search=`, `?count=true` and `?expand=` over HTTP, once per dialect: ranking, keyset pages
 * over (rank, id), the read rule and field rules in the search, FTS syntax taken as words,
 * the index kept right by updates and deletes, the title fallback, totals under rules, and
 * expanded records judged by their own rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNinefold, type Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';
import { sessionUser } from '../realtime/session-user';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';
import { searchApp } from './search-app';

type Rec = Record<string, any>;

describe.each(DIALECTS)('list search, totals and expand on %s', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  let member: TestUser;
  let guest: TestUser;
  const get = (url: string, who: TestUser) => nf.server.inject({ method: 'GET', url, headers: who.headers });
  const list = async (url: string, who: TestUser) => {
    const res = await get(url, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Rec[]; nextCursor: string | null; total?: number };
  };
  const note = async (fields: Rec) => {
    const res = await nf.server.inject({
      method: 'POST',
      url: '/api/entities/notes',
      headers: member.headers,
      payload: fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Rec;
  };
  const subjects = (page: { items: Rec[] }) => page.items.map((r) => r.subject);

  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(searchApp, { database: tdb.url, logger: { level: 'error' } });
    member = await sessionUser(nf, 'member', 'Mia');
    guest = await sessionUser(nf, 'guest', 'Gus');
    await note({ subject: 'Printer on fire', body: 'smoke everywhere', team: 'blue' });
    await note({ subject: 'Lunch order', body: 'the printer ate my menu', team: 'blue' });
    await note({ subject: 'Red printer', body: 'printer printer', team: 'red' });
    await note({ subject: 'Quiet note', secret: 'zebra crossing', team: 'blue' });
    await note({ subject: 'Unrelated', body: 'nothing to see', team: 'blue' });
  });
  afterAll(async () => {
    await nf?.close();
    await tdb?.drop();
  });

  it('ranks a hit in the subject above one in the body, and matches a prefix', async () => {
    const page = await list('/api/entities/notes?search=print', member);
    expect(subjects(page)).toEqual(['Red printer', 'Printer on fire', 'Lunch order']);
  });

  it('counts and finds only what the read rule lets a guest read', async () => {
    const page = await list('/api/entities/notes?search=printer&count=true', guest);
    expect(subjects(page)).toEqual(['Printer on fire', 'Lunch order']);
    expect(page.total).toBe(2);
    const all = await list('/api/entities/notes?count=true', guest);
    expect(all.total).toBe(4);
    expect((await list('/api/entities/notes?count=true', member)).total).toBe(5);
  });

  it('does not let a field the caller may not read decide what matches', async () => {
    expect(subjects(await list('/api/entities/notes?search=zebra', member))).toEqual(['Quiet note']);
    expect(subjects(await list('/api/entities/notes?search=zebra&count=true', guest))).toEqual([]);
  });

  it.each([
    ['"printer'],
    ['printer"'],
    ['printer*'],
    ['"printer" OR "lunch"'],
    ['NEAR(printer fire)'],
    ['-printer'],
    ['subject:printer'],
    ['printer:*'],
    ["printer' & 'x"],
    ['printer\\'],
  ])('reads FTS syntax as words: %s', async (text) => {
    const res = await get(`/api/entities/notes?search=${encodeURIComponent(text)}&count=true`, member);
    expect(res.statusCode, res.body).toBe(200);
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
    const plain = await list(
      `/api/entities/notes?search=${encodeURIComponent(words.join(' '))}&count=true`,
      member,
    );
    expect(res.json()).toEqual(plain);
  });

  it.each([
    ['search=%22*%3A-', 'search needs a word'],
    ['search=', 'search needs some text'],
    [`search=${'a '.repeat(17)}`, 'at most 16 words'],
    ['count=yes', 'count must be true or false'],
    ['expand=subject', "'subject' is not a reference"],
    ['expand=nope', "no field 'nope'"],
    ['expand=author,author,label,author,label,label,author,label,author,label,x', "no field 'x'"],
    ['search=x&cursor=WyJ4IiwiMDE5MDAwMDAtMDAwMC03MDAwLTgwMDAtMDAwMDAwMDAwMDAwIl0', 'cursor'],
  ])('refuses %s', async (query, reason) => {
    const res = await get(`/api/entities/notes?${query}`, member);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('MALFORMED_REQUEST');
    expect(res.body).toContain(reason);
  });

  it('pages a ranked search by (rank, id) with no repeat and no gap', async () => {
    const made: string[] = [];
    for (let i = 0; i < 23; i++) {
      const r = await note({ subject: `Paging ${i}`, body: 'kiwi '.repeat((i % 4) + 1), team: 'blue' });
      made.push(r.id);
    }
    const whole = await list('/api/entities/notes?search=kiwi&limit=100&count=true', member);
    expect(whole.total).toBe(23);
    const seen: Rec[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(
        `/api/entities/notes?search=kiwi&limit=5&count=true${cursor ? `&cursor=${cursor}` : ''}`,
        member,
      );
      expect(page.total).toBe(23);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((r) => r.id)).toEqual(whole.items.map((r) => r.id));
    expect(new Set(seen.map((r) => r.id)).size).toBe(23);
    // The most hits first: bodies of four kiwis before those of one.
    expect(seen[0]!.body).toBe('kiwi kiwi kiwi kiwi ');
    expect(seen.at(-1)!.body).toBe('kiwi ');
    // A sort still overrides the rank.
    const sorted = await list('/api/entities/notes?search=kiwi&sort=createdAt&limit=100', member);
    expect(sorted.items.map((r) => r.id)).toEqual(made);
  });

  it('follows updates and deletes', async () => {
    const r = await note({ subject: 'Mango report', team: 'blue' });
    expect(subjects(await list('/api/entities/notes?search=mango', member))).toEqual(['Mango report']);
    const patched = await nf.server.inject({
      method: 'PATCH',
      url: `/api/entities/notes/${r.id}`,
      headers: member.headers,
      payload: { subject: 'Papaya report' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(subjects(await list('/api/entities/notes?search=mango', member))).toEqual([]);
    expect(subjects(await list('/api/entities/notes?search=papaya', member))).toEqual(['Papaya report']);
    const deleted = await nf.server.inject({
      method: 'DELETE',
      url: `/api/entities/notes/${r.id}`,
      headers: member.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await list('/api/entities/notes?search=papaya&count=true', member)).total).toBe(0);
  });

  it('searches the title of an entity with no search fields, and refuses where it is no text', async () => {
    for (const name of ['Alpha label', 'Beta label', 'alphabet']) {
      const res = await nf.server.inject({
        method: 'POST',
        url: '/api/entities/labels',
        headers: member.headers,
        payload: { name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const page = await list('/api/entities/labels?search=ALPHA&sort=name&count=true', member);
    expect(page.items.map((r) => r.name)).toEqual(['Alpha label', 'alphabet']);
    expect(page.total).toBe(2);
    const pins = await get('/api/entities/pins?search=1', member);
    expect(pins.statusCode).toBe(400);
    expect(pins.body).toContain('title is not a text field');
  });

  it('expands references, each judged by its own read rule and field rules', async () => {
    const label = (
      await nf.server.inject({
        method: 'POST',
        url: '/api/entities/labels',
        headers: member.headers,
        payload: { name: 'Tagged' },
      })
    ).json() as Rec;
    const r = await note({ subject: 'Expand me', label: label.id, team: 'blue', secret: 'hush' });
    const own = await note({ subject: 'Guest wrote', team: 'blue' });
    // The guest reads no account but its own: the member who wrote the note is null to it.
    const page = await list('/api/entities/notes?search=expand&expand=author,label', guest);
    expect(page.items).toHaveLength(1);
    const item = page.items[0]!;
    expect(item.secret).toBeUndefined();
    expect(item.$expand.author).toBeNull();
    expect(item.$expand.label).toEqual((await get(`/api/entities/labels/${label.id}`, guest)).json());
    // The member reads the author, as its own GET answers it.
    const mine = await list('/api/entities/notes?search=expand&expand=author', member);
    expect(mine.items[0]!.$expand).toEqual({
      author: (await get(`/api/entities/users/${member.id}`, member)).json(),
    });
    // A field the guest may not read cannot be expanded, as if it did not exist.
    const hidden = await get('/api/entities/notes?expand=secret', guest);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.body).toContain("no field 'secret'");
    // A single record too.
    const one = await get(`/api/entities/notes/${r.id}?expand=label,author`, guest);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().$expand).toEqual({ label: item.$expand.label, author: null });
    const none = await get(`/api/entities/notes/${own.id}?expand=label`, member);
    expect(none.json().$expand).toEqual({ label: null });
    expect((await get(`/api/entities/notes/${r.id}?expand=subject`, member)).statusCode).toBe(400);
  });
});
