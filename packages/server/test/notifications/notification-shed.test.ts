/**
 * Regression test (from review). The bug: live notifications were dropped silently. When the
 * hub's backlog overflowed, its shedding owed a resync only for dropped changes, and a gap in
 * the bus only to sockets with subscriptions — so a socket that only listens for
 * notifications (the bell, which subscribes to nothing) neither heard the dropped
 * notifications nor was told to resync (on which the client reloads its list). Now a shed
 * notification owes a resync to its person's sockets (no one else's), and a gap owes one to
 * every signed-in socket.
 */
import helpdesk from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../src/core/changes/change-event';
import type { Core } from '../../src/core/ninefold-core';
import type { Caller } from '../../src/core/rules/rule-context';
import { type RealtimeClient, RealtimeHub } from '../../src/realtime/realtime-hub';
import type { Harness, TestUser } from '../helpdesk-harness';
import type { Settle } from '../realtime/bus-settler';
import { liveHelpdesk } from '../realtime/live-helpdesk';
import { sessionUser } from '../realtime/session-user';
import { TestSocket } from '../realtime/test-socket';
import { DIALECTS } from '../test-databases';

const callerOf = (u: TestUser): Caller => ({ id: u.id, role: u.role, email: u.email });
const PEOPLE = 12;

describe.each(DIALECTS)('a shed notification owes its person a resync, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect, { realtime: { queueLimit: 3 } }));
  });
  afterAll(() => h?.close());

  it("a bell-only socket hears every notification or is told to resync; another's bell neither", async () => {
    const agent = await sessionUser(h.nf, 'agent');
    const bystander = await sessionUser(h.nf, 'agent');
    const customers = await Promise.all(Array.from({ length: PEOPLE }, () => sessionUser(h.nf, 'customer')));
    const tickets: string[] = [];
    for (const c of customers) {
      const t = await h.nf.core.create(callerOf(c), 'tickets', {
        subject: 'Printer jams',
        description: 'Tray.',
      });
      await h.nf.core.transition(callerOf(agent), 'tickets', String(t.id), 'triage', { assignee: agent.id });
      tickets.push(String(t.id));
    }
    await settle();
    // No subscription, like the bell.
    const [bell, other] = await Promise.all([
      TestSocket.open(port, agent.headers),
      TestSocket.open(port, bystander.headers),
    ]);
    await Promise.all(
      customers.map((c, i) =>
        h.nf.core.create(callerOf(c), 'comments', { ticket: tickets[i], body: 'Still jamming.' }),
      ),
    );
    await settle();
    await Promise.all([bell.barrier(), other.barrier()]);
    const types = (s: TestSocket) => (s.messages as unknown as { type: string }[]).map((m) => m.type);
    const told = types(bell).filter((m) => m === 'notification').length;
    const resynced = types(bell).includes('resync');
    const stored = await h.nf.db.all(
      h.nf.db.qb.selectFrom('nf_notifications').select('id').where('userId', '=', agent.id),
    );
    expect(stored.length).toBe(PEOPLE);
    expect(told === PEOPLE || resynced, `told ${told} of ${PEOPLE}, resync: ${resynced}`).toBe(true);
    // SQLite's bus hands the burst to the hub at once, so its backlog surely overflows (the
    // outbox of PostgreSQL may deliver it in smaller reads).
    if (dialect === 'sqlite') expect(told < PEOPLE, 'the backlog was shed').toBe(true);
    const heard = types(other).filter((m) => m === 'notification' || m === 'resync');
    expect(heard, "another person's bell owes nothing").toEqual([]);
    await Promise.all([bell.close(), other.close()]);
  });
});

/** A socket as the hub sees it, keeping what it was sent. */
function fakeSocket(caller: Caller | null): RealtimeClient & { readonly got: { type: string }[] } {
  const got: { type: string }[] = [];
  return {
    caller,
    session: undefined,
    subs: new Map(),
    overflowed: false,
    got,
    buffered: () => 0,
    send: (m) => got.push(m as { type: string }),
    sendText: (text) => got.push(JSON.parse(text)),
    close: () => {},
  };
}

describe('a gap in the bus owes every signed-in socket a resync', () => {
  it('the bell of a signed-in person resyncs; a signed-out socket with no subscription hears nothing', async () => {
    let gap: (reason: string) => void = () => {};
    let hear: (e: BusEvent) => void = () => {};
    const core = {
      app: helpdesk,
      now: () => new Date(),
      bus: {
        listen: (l: (e: BusEvent) => void) => {
          hear = l;
          return () => {};
        },
        gaps: (l: (reason: string) => void) => {
          gap = l;
          return () => {};
        },
      },
    } as unknown as Core;
    const hub = new RealtimeHub(core, { sessionCheckMs: 3_600_000 });
    const bell = fakeSocket({ id: 'u1', role: 'agent', email: 'a@x.test' });
    const narrower = fakeSocket({ id: 'u1', role: 'customer', email: 'a@x.test' });
    const anonymous = fakeSocket(null);
    for (const c of [bell, narrower, anonymous]) hub.clients.add(c);
    try {
      const notification = {
        id: 'n1',
        notification: 'customerReplied',
        title: 'T',
        body: null,
        link: null,
        createdAt: new Date(0).toISOString(),
        readAt: null,
      };
      hear({ kind: 'notification', userId: 'u1', role: 'agent', notification });
      gap('the outbox was pruned');
      await hub.settled();
      // An owed resync goes out once the socket has drained: at the next event, or a poll.
      for (let i = 0; i < 200 && bell.got.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
      expect(bell.got.map((m) => m.type)).toEqual(['notification', 'resync']);
      // Judged for the agent: the same person acting as a narrower role is not told it.
      expect(narrower.got.map((m) => m.type)).toEqual(['resync']);
      expect(anonymous.got).toEqual([]);
    } finally {
      hub.close();
    }
  });
});
