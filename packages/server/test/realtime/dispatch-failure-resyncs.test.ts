/**
 * Regression, per dialect: the hub swallowed a failed dispatch. Reading a related row for a
 * rule failed (a PostgreSQL connection reset), the event was dropped for every subscriber not
 * yet served, nothing was logged, and nobody was told to resync. Now the failure is logged
 * with its stack and every socket subscribed to the entity is told to resync; a socket
 * subscribed to other entities only is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import { interceptHubLoads } from './hub-row-loads';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

describe.each(DIALECTS)('a dispatch that fails, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  const logged: { message: string; error: unknown }[] = [];
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect, {
      realtime: { log: (message, error) => logged.push({ message, error }) },
    }));
  });
  afterAll(() => h?.close());

  it('is logged with its stack, and every subscriber of the entity resyncs', async () => {
    const customer = await sessionUser(h.nf, 'customer');
    const agent: TestUser = await sessionUser(h.nf, 'agent');
    const ticket = await h.ticket(customer);
    // The customer's verdict on a comment reads its ticket; the agent's reads nothing.
    const sockets = {
      customer: await TestSocket.open(port, customer.headers),
      agent: await TestSocket.open(port, agent.headers),
      articles: await TestSocket.open(port, agent.headers),
    };
    await sockets.customer.subscribe('c', 'comments');
    await sockets.agent.subscribe('c', 'comments');
    await sockets.articles.subscribe('a', 'articles');
    await settle();
    const restore = interceptHubLoads(h.nf.core.db, 'tickets', () =>
      Promise.reject(new Error('Connection terminated unexpectedly')),
    );
    // Counted from before the write: the resync may arrive while the write is still settling.
    const before = { customer: sockets.customer.messages.length, agent: sockets.agent.messages.length };
    try {
      const res = await h.request({
        method: 'POST',
        url: '/api/entities/comments',
        headers: agent.headers,
        payload: { ticket: ticket.id, body: 'Any news?' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await settle();
    } finally {
      restore();
    }
    for (const who of ['customer', 'agent'] as const)
      expect(await sockets[who].next((m) => m.type === 'resync', before[who])).toMatchObject({
        type: 'resync',
      });
    await sockets.articles.barrier();
    expect(sockets.articles.messages.some((m) => m.type === 'resync')).toBe(false);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toMatch(/comments failed/);
    expect((logged[0]!.error as Error).stack).toMatch(/Connection terminated unexpectedly\n\s+at /);
    await Promise.all(Object.values(sockets).map((s) => s.close()));
  });
});
