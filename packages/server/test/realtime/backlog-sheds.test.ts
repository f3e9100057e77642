/**
 * The hub's backlog of events waiting for dispatch is bounded. With the limit set to 5 (an
 * option of the server, given when it is built), twenty tickets filed in one group commit
 * (twenty events heard at once) and an agent demoted among them: the backlog never holds more than 5; past that it is dropped, and the
 * sockets subscribed to tickets are told to resync (reading again, they miss nothing, and
 * they hear the next change), while a socket subscribed to other things hears nothing of it.
 * A dropped role change still closes its member's socket (4001): dropping never keeps open
 * what dispatching would have closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/core/rules/rule-context';
import type { Harness, TestUser } from '../helpdesk-harness';
import type { Settle } from './bus-settler';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

const LIMIT = 5;
const BURST = 20;

const callerOf = (u: TestUser): Caller => ({ id: u.id, role: u.role, email: u.email });

describe('the realtime backlog is bounded: past it, subscribers resync (sqlite)', () => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk('sqlite', { realtime: { queueLimit: LIMIT } }));
  });
  afterAll(() => h?.close());

  it(`keeps at most ${LIMIT} events waiting and resyncs only the subscribers of what it dropped`, async () => {
    const hub = h.nf.server.realtime;
    const admin = await sessionUser(h.nf, 'admin');
    const agent = await sessionUser(h.nf, 'agent');
    const reader = await sessionUser(h.nf, 'agent');
    const demoted = await sessionUser(h.nf, 'agent');
    const tickets = await TestSocket.open(port, agent.headers);
    await tickets.subscribe('tickets', 'tickets');
    const articles = await TestSocket.open(port, reader.headers);
    await articles.subscribe('kb', 'articles');
    const leaving = await TestSocket.open(port, demoted.headers);
    await leaving.subscribe('tickets', 'tickets');
    const customers = await Promise.all(Array.from({ length: BURST }, () => sessionUser(h.nf, 'customer')));

    expect(hub.stats.queueLimit).toBe(LIMIT);
    let most = 0;
    // Heard right after the hub's own listener has queued the event.
    const unlisten = h.nf.core.bus.listen(() => {
      most = Math.max(most, hub.stats.queued);
    });
    const [created] = await Promise.all([
      Promise.all(
        customers.map((c) =>
          h.nf.core.create(callerOf(c), 'tickets', { subject: 'One of many', description: 'Burst.' }),
        ),
      ),
      h.nf.core.update(callerOf(admin), 'users', demoted.id, { role: 'customer' }),
    ]);
    await settle();
    unlisten();
    // Full, never more.
    expect(most).toBe(LIMIT);

    expect((await leaving.closedWithin()).code).toBe(4001);
    const resync = await tickets.next((m) => m.type === 'resync', 0);
    expect(resync).toMatchObject({ reason: 'events were dropped while the server was behind' });
    // What a client does on resync: read again. Everything is there.
    const list = await h.nf.core.list(callerOf(agent), 'tickets', { limit: '100' });
    expect(list.items.map((t) => t.id)).toEqual(expect.arrayContaining(created.map((t) => t.id)));
    const from = tickets.messages.length;
    const next = await h.nf.core.create(callerOf(customers[0]!), 'tickets', {
      subject: 'After the burst',
      description: 'Heard.',
    });
    await settle();
    await tickets.next((m) => m.type === 'event' && m.id === String(next.id), from);
    expect(hub.stats.owed).toBe(0);

    // Subscribed to articles only: no resync (take() fails on one), no events.
    await articles.barrier();
    expect(articles.take()).toEqual([]);
    await Promise.all([tickets.close(), articles.close()]);
  });
});
