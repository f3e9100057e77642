/**
 * Regression: a socket outlived its session. Once the session's 30 days are up REST answers
 * 401, so the socket must hear nothing more: at the next event it closes with 4001, while a
 * socket opened on a live session hears the event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_DAYS } from '../../src/core/accounts/sessions';
import type { Harness } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

describe.each(DIALECTS)('a socket whose session expires, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  let clock = Date.parse('2026-03-01T09:00:00Z');
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect, { now: () => new Date(clock) }));
  });
  afterAll(() => h?.close());

  it('closes with 4001 at the first event after expiry and hears nothing of it', async () => {
    const agent = await sessionUser(h.nf, 'agent');
    const mine = await TestSocket.open(port, agent.headers);
    await mine.subscribe('tickets', 'tickets');
    await mine.barrier();
    clock += SESSION_DAYS * 86_400_000 + 1;
    const fresh = await sessionUser(h.nf, 'agent');
    const theirs = await TestSocket.open(port, fresh.headers);
    await theirs.subscribe('tickets', 'tickets');
    await theirs.barrier();
    const customer = await sessionUser(h.nf, 'customer');
    const ticket = await h.ticket(customer);
    await settle();
    expect((await mine.closedWithin()).code).toBe(4001);
    expect(mine.take()).toEqual([]);
    const rest = await h.request({ method: 'GET', url: '/api/entities/tickets', headers: agent.headers });
    expect(rest.statusCode).toBe(401);
    await theirs.barrier();
    expect(theirs.take().map((e) => `${e.event} ${e.id}`)).toEqual([`created ${ticket.id}`]);
    await theirs.close();
  });
});
