/**
 * Regression: a backlog of realtime events held the event loop until all of it was
 * dispatched. On SQLite a dispatch never waits for I/O, so events queued together ran as
 * one unbroken chain: no request, commit or timer ran meanwhile, and under load the server
 * stalled for seconds. Now the hub takes a turn of the event loop after each event. SQLite
 * only: on PostgreSQL the bus itself hands events over with I/O in between.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk } from '../helpdesk-harness';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

describe('regression: a backlog of realtime events lets other work run (sqlite)', () => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    h = await startHelpdesk('sqlite');
    await h.nf.server.listen({ port: 0, host: '127.0.0.1' });
    port = (h.nf.server.server.address() as AddressInfo).port;
  });
  afterAll(() => h?.close());

  it('runs a callback queued behind 20 events before they are all dispatched, and still delivers all in order', async () => {
    const agents = await Promise.all(Array.from({ length: 20 }, () => sessionUser(h.nf, 'agent')));
    const sockets = await Promise.all(agents.map((a) => TestSocket.open(port, a.headers)));
    for (const s of sockets) await s.subscribe('tickets', 'tickets');
    const customers = await Promise.all(Array.from({ length: 20 }, () => sessionUser(h.nf, 'customer')));
    // Twenty writes in one group commit: twenty events heard at once.
    const created = await Promise.all(
      customers.map((c) =>
        h.nf.core.create({ id: c.id, role: c.role, email: c.email }, 'tickets', {
          subject: 'Queued behind the others',
          description: 'Backlog.',
        }),
      ),
    );
    let dispatched = false;
    void h.nf.server.realtime.settled().then(() => {
      dispatched = true;
    });
    const ranWhileDispatching = await new Promise<boolean>((resolve) =>
      setImmediate(() => resolve(!dispatched)),
    );
    expect(ranWhileDispatching).toBe(true);
    await h.nf.server.realtime.settled();
    for (const s of sockets) {
      await s.barrier();
      expect(s.take().map((e) => e.id)).toEqual(created.map((t) => t.id));
      await s.close();
    }
  });
});
