/**
 * A record's history over HTTP, per dialect: for whoever may read the record, every change
 * with who, when, from and to, cut down to the fields the reader may read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { callerOf, FakeClock } from './ticket-fixtures';

type Entry = Record<string, any>;

describe.each(DIALECTS)('record history on %s', (dialect) => {
  const clock = new FakeClock();
  let h: Harness;
  let alice: TestUser;
  let bob: TestUser;
  let agent: TestUser;
  let admin: TestUser;
  let ticketId: string;
  const steps: { name: string; by: () => TestUser; from: string; to: string; at?: string }[] = [
    { name: 'triage', by: () => agent, from: 'new', to: 'open' },
    { name: 'await', by: () => agent, from: 'open', to: 'pending' },
    { name: 'respond', by: () => alice, from: 'pending', to: 'open' },
    { name: 'resolve', by: () => admin, from: 'open', to: 'resolved' },
    { name: 'close', by: () => alice, from: 'resolved', to: 'closed' },
  ];
  const get = (url: string, user?: TestUser) =>
    h.request({ method: 'GET', url, headers: user ? user.headers : {} });
  const history = (entity: string, id: string, user?: TestUser) =>
    get(`/api/entities/${entity}/${id}/history`, user);

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: clock.now });
    [alice, bob, agent, admin] = [
      await h.user('customer'),
      await h.user('customer'),
      await h.user('agent'),
      await h.user('admin'),
    ];
    ticketId = String((await h.ticket(alice)).id);
    for (const s of steps) {
      s.at = clock.advance(60_000).toISOString();
      const input = s.name === 'resolve' ? { resolution: 'Replaced the toner.' } : {};
      await h.nf.core.transition(callerOf(s.by()), 'tickets', ticketId, s.name, input);
    }
  });
  afterAll(() => h.close());

  it.each(['requester', 'agent', 'admin'])(
    'the %s reads every transition with who, when, from and to',
    async (who) => {
      const reader = { requester: alice, agent, admin }[who]!;
      const res = await history('tickets', ticketId, reader);
      expect(res.statusCode, res.body).toBe(200);
      const items: Entry[] = res.json().items;
      expect(items.map((e) => e.operation)).toEqual(['create', ...steps.map(() => 'transition')]);
      expect(items[0]).toMatchObject({
        actor: alice.id,
        actorRole: 'customer',
        fromState: null,
        toState: 'new',
      });
      steps.forEach((s, i) => {
        expect(items[i + 1]).toMatchObject({
          name: s.name,
          actor: s.by().id,
          actorRole: s.by().role,
          at: s.at,
          fromState: s.from,
          toState: s.to,
        });
      });
      expect(items[4]!.changes).toMatchObject({
        resolution: [null, 'Replaced the toner.'],
        resolvedAt: [null, steps[3]!.at],
      });
      expect(Object.keys(items[0]!)).toEqual([
        'id',
        'at',
        'actor',
        'actorRole',
        'operation',
        'name',
        'fromState',
        'toState',
        'changes',
      ]);
    },
  );

  it.each([
    { who: 'another customer', user: () => bob, url: () => `/api/entities/tickets/${ticketId}/history` },
    { who: 'anonymous', user: () => undefined, url: () => `/api/entities/tickets/${ticketId}/history` },
    {
      who: 'an agent, unknown id',
      user: () => agent,
      url: () => '/api/entities/tickets/0190a000-0000-7000-8000-000000000000/history',
    },
    {
      who: 'an agent, malformed id',
      user: () => agent,
      url: () => '/api/entities/tickets/not-an-id/history',
    },
    {
      who: 'an agent, unknown entity',
      user: () => agent,
      url: () => `/api/entities/nothing/${ticketId}/history`,
    },
  ])('$who gets 404', async ({ user, url }) => {
    const res = await get(url(), user());
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(res.body).not.toContain('Replaced the toner');
  });

  it("changes hold only the fields the reader may read: an agent never sees a user's disabled flag", async () => {
    const carol = await h.nf.core.create(
      null,
      'users',
      { email: `carol-${dialect}@test.example`, name: 'Carol', role: 'customer' },
      true,
    );
    await h.nf.core.update(callerOf(admin), 'users', String(carol.id), { name: 'Carol B', disabled: true });
    const asAdmin: Entry[] = (await history('users', String(carol.id), admin)).json().items;
    const asAgent: Entry[] = (await history('users', String(carol.id), agent)).json().items;
    expect(asAdmin.map((e) => Object.keys(e.changes).sort())[1]).toEqual(['disabled', 'name']);
    expect(asAgent.map((e) => e.changes)[1]).toEqual({ name: ['Carol', 'Carol B'] });
    expect(asAgent.flatMap((e) => Object.keys(e.changes))).not.toContain('disabled');
    expect(asAgent.map((e) => e.id)).toEqual(asAdmin.map((e) => e.id));
  });

  it('a customer gets the history of public replies on their ticket, never of internal notes', async () => {
    const open = await h.ticket(alice, { subject: 'Second ticket' });
    const note = await h.nf.core.create(callerOf(agent), 'comments', {
      ticket: open.id,
      body: 'Customer seems upset.',
      internal: true,
    });
    const reply = await h.nf.core.create(callerOf(agent), 'comments', { ticket: open.id, body: 'On it!' });
    expect((await history('comments', String(reply.id), alice)).statusCode).toBe(200);
    const hidden = await history('comments', String(note.id), alice);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('upset');
    expect((await history('comments', String(note.id), agent)).json().items).toHaveLength(1);
  });

  it('a deleted record has no history page any more; the audit log keeps its delete', async () => {
    const gone = await h.ticket(bob, { subject: 'Delete me please' });
    await h.nf.core.remove(callerOf(admin), 'tickets', String(gone.id));
    expect((await history('tickets', String(gone.id), admin)).statusCode).toBe(404);
    const items: Entry[] = (await get(`/api/audit?recordId=${gone.id}`, admin)).json().items;
    expect(items.map((e) => e.operation)).toEqual(['delete', 'create']);
  });
});
