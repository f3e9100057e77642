/**
 * Regression, per dialect (found by leak.property, seed 1604026712): a comment deleted just
 * before its ticket. The comment's event was judged after the ticket's row was gone, and
 * the ticket's last state was kept only once the ticket's own event was dispatched — after
 * the comment's. So the customer, who could read the comment through its ticket, was judged
 * never to have seen it and was not told `deleted`: their copy stayed. Rows deleted are now
 * kept from the moment their event is heard. The interleaving is made exact: the hub's read
 * of the ticket for the comment's event waits until the ticket's delete has been heard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import { interceptHubLoads } from './hub-row-loads';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

describe.each(DIALECTS)('a comment deleted just before its ticket, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect));
  });
  afterAll(() => h?.close());

  it("the customer who read it hears 'deleted'", async () => {
    const customer = await sessionUser(h.nf, 'customer');
    const admin = await sessionUser(h.nf, 'admin');
    const ticket = await h.ticket(customer);
    const comment = await h.request({
      method: 'POST',
      url: '/api/entities/comments',
      headers: customer.headers,
      payload: { ticket: ticket.id, body: 'Still broken.' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const socket = await TestSocket.open(port, customer.headers);
    await socket.subscribe('c', 'comments');
    await settle();
    await socket.barrier();
    socket.take();

    let open!: () => void;
    const ticketGone = new Promise<void>((resolve) => (open = resolve));
    const restore = interceptHubLoads(h.nf.core.db, 'tickets', async (_q, pass) => {
      await ticketGone;
      return pass();
    });
    try {
      const remove = (url: string) => h.request({ method: 'DELETE', url, headers: admin.headers });
      expect((await remove(`/api/entities/comments/${comment.json().id}`)).statusCode).toBe(204);
      expect((await remove(`/api/entities/tickets/${ticket.id}`)).statusCode).toBe(204);
      // On PostgreSQL the ticket's event arrives through the database a moment after its commit.
      const deadline = Date.now() + 5_000;
      while (h.nf.server.realtime.stats.queued === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      open();
      restore();
    }
    await settle();
    await socket.barrier();
    expect(socket.take().map((e) => `${e.event} ${e.id}`)).toEqual([`deleted ${comment.json().id}`]);
    await socket.close();
  });
});
