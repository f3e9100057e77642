/**
 * The notification centre's routes, per dialect, on the helpdesk: newest first with a
 * keyset cursor and the unread count; marking one or all read; another person's
 * notification is NOT_FOUND exactly as an unknown one; preferences listed with their
 * defaults and changed only by a patch with no issue; signed out → UNAUTHENTICATED.
 */
import app from '@ninefold/example-helpdesk';
import { createTestApp, type TestApp, type TestClient } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { call, inbox, rowsOf } from './notify-harness';

type Helpdesk = typeof app;
type Client = TestClient<Helpdesk>;

describe.each(DIALECTS)('notification routes on %s', (dialect) => {
  let t: TestApp<Helpdesk>;
  let customer: Client;
  let agent: Client;
  let ticketId: string;

  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect, listen: false, clock: '2031-05-04T09:00:00.000Z' });
    customer = await t.clientAs('customer');
    agent = await t.clientAs('agent');
    ticketId = (await customer.create('tickets', { subject: 'Printer jams', description: 'Tray 2.' })).id;
    for (const body of ['One.', 'Two.', 'Three.']) {
      t.clock.advance({ minutes: 1 });
      await agent.create('comments', { ticket: ticketId, body });
    }
  });
  afterAll(() => t?.close());

  it.each([
    ['GET', '/api/notifications'],
    ['POST', '/api/notifications/00000000-0000-7000-8000-000000000000/read'],
    ['POST', '/api/notifications/read-all'],
    ['GET', '/api/notifications/preferences'],
    ['PATCH', '/api/notifications/preferences'],
  ] as const)('%s %s signed out → 401 UNAUTHENTICATED', async (method, url) => {
    const { status, body } = await call(t, null, method, url, method === 'GET' ? undefined : {});
    expect([status, body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('lists newest first, a page at a time, with the unread count', async () => {
    const all = await inbox(t, customer);
    expect(all.items.map((i) => i.body)).toEqual(['Three.', 'Two.', 'One.']);
    expect([all.unread, all.nextCursor]).toEqual([3, null]);
    const first = await inbox(t, customer, '?limit=2');
    expect(first.items.map((i) => i.body)).toEqual(['Three.', 'Two.']);
    expect(first.nextCursor).toBe(first.items[1]!.id);
    const second = await inbox(t, customer, `?limit=2&cursor=${first.nextCursor}`);
    expect([second.items.map((i) => i.body), second.nextCursor, second.unread]).toEqual([['One.'], null, 3]);
    // The agent wrote them all and hears of none.
    expect(await inbox(t, agent)).toEqual({ items: [], unread: 0, nextCursor: null });
  });

  it.each([
    '?limit=0',
    '?limit=two',
    '?limit=1.5',
    '?cursor=yesterday',
    '?since=2031-01-01',
    '?limit=1&limit=2',
  ])('GET /api/notifications%s → 400 MALFORMED_REQUEST', async (query) => {
    const { status, body } = await call(t, customer, 'GET', `/api/notifications${query}`);
    expect([status, body.code]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(JSON.stringify(body)).not.toMatch(/select|nf_notifications|at .*\.ts/i);
  });

  it("another person's notification is NOT_FOUND, exactly as an unknown one, and stays unread", async () => {
    const [theirs] = (await inbox(t, customer)).items;
    const answers = await Promise.all(
      [theirs!.id, '00000000-0000-7000-8000-000000000000', 'not-an-id'].map((id) =>
        call(t, agent, 'POST', `/api/notifications/${id}/read`),
      ),
    );
    for (const a of answers) expect([a.status, a.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    expect((await rowsOf(t, customer)).every((r) => r.readAt === null)).toBe(true);
  });

  it('marks one read (again: no change), then all', async () => {
    const [newest] = (await inbox(t, customer)).items;
    const read = await call(t, customer, 'POST', `/api/notifications/${newest!.id}/read`);
    expect([read.status, read.body]).toEqual([200, { unread: 2 }]);
    const again = await call(t, customer, 'POST', `/api/notifications/${newest!.id}/read`);
    expect([again.status, again.body]).toEqual([200, { unread: 2 }]);
    const listed = await inbox(t, customer);
    expect(listed.items.map((i) => i.readAt !== null)).toEqual([true, false, false]);
    expect(listed.items[0]!.readAt).toBe(t.clock.now().toISOString());
    const all = await call(t, customer, 'POST', '/api/notifications/read-all');
    expect([all.status, all.body]).toEqual([200, { unread: 0 }]);
    expect((await inbox(t, customer)).items.every((i) => i.readAt !== null)).toBe(true);
  });

  it("lists the caller's preferences with the spec's defaults", async () => {
    const { status, body } = await call(t, agent, 'GET', '/api/notifications/preferences');
    expect(status).toBe(200);
    expect(body.items).toEqual([
      { notification: 'agentReplied', label: 'An agent replied to my ticket', app: true, email: true },
      { notification: 'ticketResolved', label: 'My ticket was resolved', app: true, email: true },
      { notification: 'customerReplied', label: 'A customer replied to my ticket', app: true, email: true },
      { notification: 'slaAtRisk', label: 'A ticket is about to miss its SLA', app: true, email: false },
    ]);
  });

  it.each([
    { what: 'not an object', patch: [true], paths: [''] },
    {
      what: 'an unknown notification',
      patch: { agentReplied: { email: false }, nope: { app: false } },
      paths: ['nope'],
    },
    { what: 'a non-boolean channel', patch: { agentReplied: { app: 'no' } }, paths: ['agentReplied.app'] },
    { what: 'an unknown channel', patch: { agentReplied: { sms: true } }, paths: ['agentReplied.sms'] },
    { what: 'channels not an object', patch: { ticketResolved: false }, paths: ['ticketResolved'] },
  ])('PATCH preferences with $what → 422 VALIDATION_FAILED, nothing changed', async ({ patch, paths }) => {
    const before = await call(t, customer, 'GET', '/api/notifications/preferences');
    const { status, body } = await call(t, customer, 'PATCH', '/api/notifications/preferences', patch);
    expect([status, body.code]).toEqual([422, 'VALIDATION_FAILED']);
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual(paths);
    expect(await call(t, customer, 'GET', '/api/notifications/preferences')).toEqual(before);
  });

  it('PATCH preferences changes only the channels named, for the caller alone', async () => {
    const { status, body } = await call(t, customer, 'PATCH', '/api/notifications/preferences', {
      agentReplied: { email: false },
      slaAtRisk: { email: true, app: false },
    });
    expect(status).toBe(200);
    const by = Object.fromEntries(body.items.map((p: { notification: string }) => [p.notification, p]));
    expect(by.agentReplied).toMatchObject({ app: true, email: false });
    expect(by.slaAtRisk).toMatchObject({ app: false, email: true });
    expect(by.ticketResolved).toMatchObject({ app: true, email: true });
    expect((await call(t, customer, 'GET', '/api/notifications/preferences')).body).toEqual(body);
    const agents = (await call(t, agent, 'GET', '/api/notifications/preferences')).body.items;
    expect(agents.find((p: { notification: string }) => p.notification === 'agentReplied').email).toBe(true);
  });
});
