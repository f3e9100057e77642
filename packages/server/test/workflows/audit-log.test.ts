/**
 * The admin-only audit log over HTTP, per dialect: `GET /api/audit`, newest first, filtered
 * by entity, record and actor (operation and dates: audit-filters.test.ts), paged by keyset on the time-ordered id; anyone else refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { auditRows, callerOf, ticketIn } from './ticket-fixtures';

type Entry = Record<string, any>;

describe.each(DIALECTS)('the audit log on %s', (dialect) => {
  let h: Harness;
  let alice: TestUser;
  let agent: TestUser;
  let admin: TestUser;
  let ticketId: string;
  const get = (url: string, user?: TestUser) =>
    h.request({ method: 'GET', url, headers: user ? user.headers : {} });

  beforeAll(async () => {
    h = await startHelpdesk(dialect);
    [alice, agent, admin] = [await h.user('customer'), await h.user('agent'), await h.user('admin')];
    ticketId = String((await ticketIn(h, alice, agent, 'resolved')).id);
    await h.nf.core.create(callerOf(agent), 'comments', { ticket: ticketId, body: 'Done, I think.' });
    await h.nf.core.transition(callerOf(alice), 'tickets', ticketId, 'close', {});
  });
  afterAll(() => h.close());

  it.each([
    { who: 'anonymous', user: () => undefined, status: 401, code: 'UNAUTHENTICATED' },
    { who: 'a customer', user: () => alice, status: 403, code: 'FORBIDDEN' },
    { who: 'an agent', user: () => agent, status: 403, code: 'FORBIDDEN' },
  ])('/api/audit refuses $who with $code', async ({ user, status, code }) => {
    const res = await get('/api/audit', user());
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });

  it("/api/audit filters by record: the ticket's entries, newest first, transitions with from and to", async () => {
    const res = await get(`/api/audit?entity=tickets&recordId=${ticketId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const items: Entry[] = res.json().items;
    const stored = await auditRows(h.nf.db, ticketId);
    expect(items.map((e) => e.id)).toEqual(stored.map((e) => e.id).reverse());
    expect(items[0]).toMatchObject({
      entity: 'tickets',
      recordId: ticketId,
      name: 'close',
      fromState: 'resolved',
      toState: 'closed',
    });
    expect(res.json().nextCursor).toBeNull();
  });

  it("writes an entry for each row a delete takes with it: the ticket's comments", async () => {
    const doomed = String((await ticketIn(h, alice, agent, 'open')).id);
    const note = await h.nf.core.create(callerOf(agent), 'comments', { ticket: doomed, body: 'Looking.' });
    await h.nf.core.remove(callerOf(admin), 'tickets', doomed);
    const [entry] = await auditRows(h.nf.db, String(note.id)).then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({ entity: 'comments', operation: 'delete', actor: admin.id });
  });

  it('/api/audit filters by actor and by entity', async () => {
    const byAlice: Entry[] = (await get(`/api/audit?actor=${alice.id}&limit=100`, admin)).json().items;
    const stored = (await auditRows(h.nf.db)).filter((e) => e.actor === alice.id);
    expect(byAlice.map((e) => e.id)).toEqual(stored.map((e) => e.id).reverse());
    const comments: Entry[] = (await get('/api/audit?entity=comments', admin)).json().items;
    expect(comments.length).toBeGreaterThan(0);
    expect(comments.every((e) => e.entity === 'comments')).toBe(true);
    expect((await get('/api/audit?entity=articles', admin)).json()).toEqual({ items: [], nextCursor: null });
  });

  it('/api/audit pages by keyset: every entry once, newest first, then no cursor', async () => {
    const seen: string[] = [];
    let url = '/api/audit?limit=3';
    for (let page = 0; page < 100; page++) {
      const body = (await get(url, admin)).json();
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items.map((e: Entry) => e.id));
      if (!body.nextCursor) break;
      url = `/api/audit?limit=3&cursor=${body.nextCursor}`;
    }
    expect(seen).toEqual((await auditRows(h.nf.db)).map((e) => String(e.id)).reverse());
  });

  it.each(['limit=0', 'limit=many', 'cursor=bm90LWFuLWlk', 'operation=rename', 'actor=a&actor=b', 'bogus=1'])(
    '/api/audit?%s is MALFORMED_REQUEST',
    async (query) => {
      const res = await get(`/api/audit?${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('MALFORMED_REQUEST');
    },
  );
});
