// @vitest-environment jsdom
/**
 * A server `resync` makes the hooks read again. The change is made where no realtime event
 * can tell of it (straight in the database, as a change whose event was dropped), so only
 * the resync can bring it: the lists and the quota must come back with the server's truth.
 * The hub sends its resync message to the reader's real socket, as it does once a socket
 * owed one has drained (resync-watch.ts); how a socket comes to owe one is the server's
 * tests' concern (backlog-sheds, bus-recovers).
 */

import { testDialects } from '@ninefold/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hooks, type ReactHarness, startReactHarness } from './react-harness';

describe.each(testDialects())('a server resync refetches the hooks on %s', (dialect) => {
  let r: ReactHarness;
  beforeAll(async () => {
    r = await startReactHarness(dialect);
  });
  afterAll(() => r.close());

  it('useList and useQuota come back with what changed unheard', async () => {
    const customer = await r.user('customer');
    const me = r.as(customer);
    const t = await me.client.create('tickets', { subject: 'Before the gap', description: 'x' });
    const { result, unmount } = renderHook(
      () => ({
        list: { ...hooks.useList('tickets', { where: { requester: customer.id } }) },
        quota: { ...hooks.useQuota('openTickets') },
      }),
      { wrapper: me.wrapper },
    );
    await waitFor(() =>
      expect(result.current.list.data?.items.map((x) => x.subject)).toEqual(['Before the gap']),
    );
    await waitFor(() => expect(result.current.quota.quota).toMatchObject({ used: 1 }));
    // The list and the quota each keep tickets live: two subscriptions on one socket.
    await waitFor(() => expect(me.sockets.subscribed()).toBe(2));

    const { db } = r.t.nf;
    await db.run(
      db.qb
        .updateTable('tickets')
        .set({ subject: 'Changed unheard', status: 'closed' })
        .where('id', '=', t.id)
        .compile(),
    );
    // No event tells of it: the cache still shows the old truth.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current.list.data?.items[0]).toMatchObject({ subject: 'Before the gap', status: 'new' });
    expect(result.current.quota.quota).toMatchObject({ used: 1 });

    const sockets = [...r.t.nf.server.realtime.clients].filter((c) => c.caller?.id === customer.id);
    expect(sockets).toHaveLength(1);
    sockets[0]!.send({ type: 'resync', reason: 'events were dropped while the server was behind' });

    await waitFor(() =>
      expect(result.current.list.data?.items[0]).toMatchObject({
        subject: 'Changed unheard',
        status: 'closed',
      }),
    );
    await waitFor(() => expect(result.current.quota.quota).toMatchObject({ used: 0, remaining: 5 }));
    unmount();
  });
});
