import app from '@ninefold/example-helpdesk';
import { createTestApp, type TestApp, testDialects, testSockets } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, isNinefoldError, type RealtimeEvent, type SessionEvent } from '../src/index';

type Helpdesk = typeof app;
/** An account and one session of it, which every client made `as` it shares. */
type TestUser = { readonly id: string; readonly token: string };

// The client under test is made here, from its own sources; the kit only runs the server.
describe.each(testDialects())('the typed client against a real server on %s', (dialect) => {
  let t: TestApp<Helpdesk>;
  let agent: TestUser;
  let admin: TestUser;
  const as = (user: TestUser | null, sockets = testSockets()) =>
    createClient<Helpdesk>({ url: t.url, token: user?.token ?? null, webSocket: sockets.factory });
  const h = {
    user: async (role: 'customer' | 'agent' | 'admin'): Promise<TestUser> => {
      const signedIn = await t.clientAs(role);
      return { id: signedIn.user!.id, token: signedIn.auth.token! };
    },
  };

  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect });
    agent = await h.user('agent');
    admin = await h.user('admin');
  });
  afterAll(() => t.close());

  it('signs up, creates, lists with typed filters, runs a transition and reads typed errors', async () => {
    const c = as(null);
    const { user } = await c.auth.signUp({
      email: `c-${Date.now()}@client.test`,
      password: 'long enough password',
      name: 'Cam',
    });
    expect(user.role).toBe('customer');
    expect((await c.auth.me())?.id).toBe(user.id);
    const t = await c.create('tickets', {
      subject: 'Cannot log in',
      description: 'Since this morning.',
      priority: 'high',
    });
    expect(t.$can?.transitions).toEqual(['withdraw']);
    const page = await c.list('tickets', {
      where: { priority: { in: ['high', 'urgent'] }, status: 'new' },
      sort: '-createdAt',
    });
    expect(page.items.map((x) => x.id)).toEqual([t.id]);
    const withdrawn = await c.transition('tickets', t.id, 'withdraw', {});
    expect(withdrawn.status).toBe('cancelled');
    const err = await c.transition('tickets', t.id, 'withdraw', {}).catch((e: unknown) => e);
    expect(isNinefoldError(err) && err.code).toBe('INVALID_TRANSITION');
    expect(c.isError(err, 'INVALID_TRANSITION') && err.params.state).toBe('Cancelled');
    for (let i = 0; i < 5; i++)
      await c.create('tickets', { subject: `Ticket number ${i}`, description: 'x' });
    const limit = await c
      .create('tickets', { subject: 'One too many', description: 'x' })
      .catch((e: unknown) => e);
    // No cast: the guard narrows to the code, and the code types its parameters.
    if (!c.isError(limit, 'OPEN_TICKET_LIMIT')) throw new Error(`expected OPEN_TICKET_LIMIT, got ${limit}`);
    expect(limit.params.max).toBe(5);
    expect(limit.status).toBe(409);
    expect(c.isError(limit, 'NOT_FOUND')).toBe(false);
    await c.auth.signOut();
    expect(await c.auth.me()).toBeNull();
  });

  it('refuses an update with a stale version as the typed VERSION_MISMATCH, and deletes', async () => {
    const customer = await h.user('customer');
    const ticket = await as(customer).create('tickets', { subject: 'Stale versions', description: 'x' });
    const a = as(agent);
    const fresh = await a.update('tickets', ticket.id, { priority: 'high' }, { version: ticket.version });
    expect(fresh).toMatchObject({ priority: 'high', version: ticket.version + 1 });
    const stale = await a
      .update('tickets', ticket.id, { priority: 'low' }, { version: ticket.version })
      .catch((e: unknown) => e);
    if (!a.isError(stale, 'VERSION_MISMATCH')) throw new Error(`expected VERSION_MISMATCH, got ${stale}`);
    expect(stale.status).toBe(412);
    expect((await a.get('tickets', ticket.id)).priority).toBe('high');

    const forbidden = await a.delete('tickets', ticket.id).catch((e: unknown) => e);
    expect(a.isError(forbidden) && forbidden.code).toBe('FORBIDDEN');
    const boss = as(admin);
    const staleDelete = await boss
      .delete('tickets', ticket.id, { version: ticket.version })
      .catch((e: unknown) => e);
    expect(boss.isError(staleDelete, 'VERSION_MISMATCH')).toBe(true);
    await expect(boss.delete('tickets', ticket.id, { version: fresh.version })).resolves.toBeUndefined();
    const gone = await boss.get('tickets', ticket.id).catch((e: unknown) => e);
    expect(boss.isError(gone, 'NOT_FOUND') && gone.status).toBe(404);
    const again = await boss.delete('tickets', ticket.id).catch((e: unknown) => e);
    expect(boss.isError(again, 'NOT_FOUND')).toBe(true);
  });

  it('refuses a transition on a stale version (VERSION_MISMATCH) and runs it on the fresh one', async () => {
    const customer = await h.user('customer');
    const ticket = await as(customer).create('tickets', { subject: 'Stale transition', description: 'x' });
    const a = as(agent);
    const fresh = await a.update('tickets', ticket.id, { priority: 'urgent' });
    const stale = await a
      .transition('tickets', ticket.id, 'triage', {}, { version: ticket.version })
      .catch((e: unknown) => e);
    if (!a.isError(stale, 'VERSION_MISMATCH')) throw new Error(`expected VERSION_MISMATCH, got ${stale}`);
    expect(stale.status).toBe(412);
    expect((await a.get('tickets', ticket.id)).status).toBe('new');
    const moved = await a.transition('tickets', ticket.id, 'triage', {}, { version: fresh.version });
    expect(moved).toMatchObject({ status: 'open', priority: 'urgent', version: fresh.version + 1 });
  });

  it('runs actions with typed input and output', async () => {
    const stats = await as(agent).action('ticketStats', {});
    expect(typeof stats.byStatus).toBe('object');
  });

  it('hears live changes it may read, and not others', async () => {
    const owner = await h.user('customer');
    const other = await h.user('customer');
    const mine: RealtimeEvent[] = [];
    const theirs: RealtimeEvent[] = [];
    const ownerSockets = testSockets();
    const otherSockets = testSockets();
    const a = as(owner, ownerSockets);
    const b = as(other, otherSockets);
    a.subscribe('tickets', {}, (e) => mine.push(e));
    b.subscribe('tickets', {}, (e) => theirs.push(e));
    await vi.waitFor(() => expect(ownerSockets.subscribed() + otherSockets.subscribed()).toBe(2));
    const t = await a.create('tickets', { subject: 'Live update please', description: 'x' });
    await vi.waitFor(() =>
      expect(mine.some((e) => e.type === 'event' && e.id === t.id && e.event === 'created')).toBe(true),
    );
    // One socket hears events in commit order: once b hears its own later ticket, it would
    // already have heard a's, had it been sent.
    const own = await b.create('tickets', { subject: 'My own ticket', description: 'x' });
    await vi.waitFor(() => expect(theirs.length).toBeGreaterThan(0));
    expect(theirs).toEqual([expect.objectContaining({ type: 'event', event: 'created', id: own.id })]);
    a.close();
    b.close();
  });

  describe('a session the server ends while a subscription is open', () => {
    const listening = async (user: TestUser) => {
      const sockets = testSockets();
      const c = as(user, sockets);
      const events: SessionEvent<Helpdesk>[] = [];
      c.auth.onChange((_, e) => events.push(e));
      c.subscribe('tickets', {}, () => {});
      await vi.waitFor(() => expect(sockets.subscribed()).toBe(1));
      return { c, sockets, events };
    };

    it('is signed out when the same session signs out through another client', async () => {
      const customer = await h.user('customer');
      const { c, sockets, events } = await listening(customer);
      await as(customer).auth.signOut();
      await vi.waitFor(() => expect(events).toEqual([{ type: 'signedOut', user: null, cause: 'server' }]));
      expect(sockets.closes[0]).toBe(4001);
      expect(c.auth.token).toBeNull();
      expect(await c.auth.me()).toBeNull();
      // It goes on as a visitor, on a new socket.
      await vi.waitFor(() => expect(sockets.ready()).toBe(2));
      c.close();
    });

    it('with no socket open, learns it from the next request answered 401, once', async () => {
      const customer = await h.user('customer');
      const c = as(customer);
      const events: SessionEvent<Helpdesk>[] = [];
      c.auth.onChange((_, e) => events.push(e));
      await as(customer).auth.signOut();
      await expect(c.list('tickets')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(events).toEqual([{ type: 'signedOut', user: null, cause: 'server' }]);
      expect(c.auth.token).toBeNull();
      // As a visitor now: a further refusal is not news.
      await expect(c.list('tickets')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(events).toHaveLength(1);
      c.close();
    });

    // The server ends every session of a user whose access changes; the user signs in again.
    it.each([
      ['changes their role', { role: 'agent' }],
      ['disables the account', { disabled: true }],
    ] as const)('is signed out when an admin %s', async (_, change) => {
      const customer = await h.user('customer');
      const { c, sockets, events } = await listening(customer);
      await as(admin).update('users', customer.id, change);
      await vi.waitFor(() => expect(events).toEqual([{ type: 'signedOut', user: null, cause: 'server' }]));
      expect(sockets.closes[0]).toBe(4001);
      c.close();
    });
  });
});
