/**
 * Regression, per dialect: a socket's sign-out waited for its turn in the hub's serial
 * dispatch queue (up to 10 000 events), so with a backlog the socket of a signed-out or
 * disabled user went on living until the backlog drained. Now the bus listener closes it
 * as soon as the event is heard. The backlog is real: the dispatch of a comment is held on
 * the read of its ticket while more comments queue behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import { interceptHubLoads } from './hub-row-loads';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

const CASES = [
  {
    what: 'signs out',
    end: (h: Harness, user: TestUser, _admin: TestUser) =>
      h.request({ method: 'POST', url: '/api/auth/logout', headers: user.headers }),
  },
  {
    what: 'is disabled by an admin',
    end: (h: Harness, user: TestUser, admin: TestUser) =>
      h.request({
        method: 'PATCH',
        url: `/api/entities/users/${user.id}`,
        headers: admin.headers,
        payload: { disabled: true },
      }),
  },
];

describe.each(DIALECTS)('a socket ends ahead of the realtime backlog, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect));
  });
  afterAll(() => h?.close());

  it.each(CASES)('the user $what: their socket closes before the backlog drains', async ({ end }) => {
    const customer = await sessionUser(h.nf, 'customer');
    const agent = await sessionUser(h.nf, 'agent');
    const admin = await sessionUser(h.nf, 'admin');
    const leaving = await sessionUser(h.nf, 'agent');
    const ticket = await h.ticket(customer);
    const watcher = await TestSocket.open(port, customer.headers);
    await watcher.subscribe('c', 'comments');
    const theirs = await TestSocket.open(port, leaving.headers);
    await theirs.subscribe('c', 'comments');
    await settle();

    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const restore = interceptHubLoads(h.nf.core.db, 'tickets', async (_q, pass) => {
      await gate;
      return pass();
    });
    try {
      for (let i = 0; i < 5; i++)
        await h.nf.core.create({ id: agent.id, role: 'agent', email: agent.email }, 'comments', {
          ticket: ticket.id,
          body: `Update ${i}`,
        });
      expect(h.nf.server.realtime.stats.queued).toBeGreaterThan(0);
      const res = await end(h, leaving, admin);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect((await theirs.closedWithin(1_000)).code).toBe(4001);
      // The backlog is still there: the socket did not wait for it.
      expect(h.nf.server.realtime.stats.queued).toBeGreaterThan(0);
    } finally {
      open();
      restore();
    }
    await settle();
    await watcher.barrier();
    expect(watcher.take().map((e) => e.event)).toEqual(Array(5).fill('created'));
    await watcher.close();
  });
});
