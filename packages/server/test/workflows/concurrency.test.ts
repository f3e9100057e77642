/**
 * Limits and transitions under real contention, per dialect: writes started together with
 * Promise.all (on PostgreSQL each on its own pooled connection; on SQLite they meet in one
 * group commit) must still pass no quota and run no transition twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/core/app-error';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { auditRows, callerOf, tally, ticketIn } from './ticket-fixtures';

/** Settled promises as 'ok' or their error code. */
async function outcomes(work: Promise<unknown>[]): Promise<string[]> {
  return (await Promise.allSettled(work)).map((r) => {
    if (r.status === 'fulfilled') return 'ok';
    if (isAppError(r.reason)) return r.reason.code;
    throw r.reason;
  });
}

describe.each(DIALECTS)('concurrent writes on %s', (dialect) => {
  let h: Harness;
  let agent: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    h = await startHelpdesk(dialect);
    agent = await h.user('agent');
    admin = await h.user('admin');
  });
  afterAll(() => h.close());

  it('50 creates by a customer with 4 open tickets: one passes the quota of 5, 49 get OPEN_TICKET_LIMIT', async () => {
    const alice = await h.user('customer');
    const caller = callerOf(alice);
    for (let i = 0; i < 4; i++)
      await h.nf.core.create(caller, 'tickets', { subject: `Earlier ticket ${i}`, description: 'Open.' });
    // Through the core, not HTTP: customers may write only 30 times a minute over HTTP, and
    // that rate limit would answer most of these before the quota is ever consulted.
    const codes = await outcomes(
      Array.from({ length: 50 }, (_, i) =>
        h.nf.core.create(caller, 'tickets', { subject: `Concurrent ticket ${i}`, description: 'Race.' }),
      ),
    );
    expect(tally(codes)).toEqual({ ok: 1, OPEN_TICKET_LIMIT: 49 });
    const open = await h.nf.core.count(caller, 'tickets', { 'status[in]': 'new,open,pending' });
    expect(open).toBe(5);
    const db = h.nf.db;
    const stored = await db.all(db.qb.selectFrom('tickets').select('id').where('requester', '=', alice.id));
    expect(stored).toHaveLength(5);
    const creates = (await auditRows(h.nf.db)).filter(
      (e) => e.entity === 'tickets' && e.operation === 'create' && e.actor === alice.id,
    );
    expect(creates).toHaveLength(5);
  });

  it('20 concurrent resolves of one ticket over HTTP: one succeeds, 19 get INVALID_TRANSITION', async () => {
    const bob = await h.user('customer');
    const ticket = await ticketIn(h, bob, agent, 'open');
    // Each loser waits for the winner's row lock (PostgreSQL) or its savepoint (SQLite), then
    // reads the ticket as resolved: INVALID_TRANSITION, not a lost update or VERSION_MISMATCH.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.request({
          method: 'POST',
          url: `/api/entities/tickets/${ticket.id}/transitions/resolve`,
          headers: (i % 2 ? agent : admin).headers,
          payload: { resolution: `Fixed by attempt ${i}.` },
        }),
      ),
    );
    const codes = responses.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
    expect(tally(codes)).toEqual({ ok: 1, INVALID_TRANSITION: 19 });
    const winner = responses.find((r) => r.statusCode === 200)!.json();
    expect(winner).toMatchObject({ status: 'resolved', version: ticket.version + 1 });
    const resolves = (await auditRows(h.nf.db, String(ticket.id))).filter((e) => e.name === 'resolve');
    expect(resolves).toHaveLength(1);
    expect(resolves[0]!.changes).toMatchObject({ resolution: [null, winner.resolution] });
  });

  it('20 concurrent resolves naming the same If-Match version: one succeeds, 19 get VERSION_MISMATCH', async () => {
    const bob = await h.user('customer');
    const ticket = await ticketIn(h, bob, agent, 'pending');
    // With If-Match the version is compared first, so the losers hear of the stale version.
    const codes = await outcomes(
      Array.from({ length: 20 }, () =>
        h.nf.core.transition(
          callerOf(agent),
          'tickets',
          String(ticket.id),
          'resolve',
          { resolution: 'Done.' },
          ticket.version,
        ),
      ),
    );
    expect(tally(codes)).toEqual({ ok: 1, VERSION_MISMATCH: 19 });
    const entries = await auditRows(h.nf.db, String(ticket.id));
    expect(entries.filter((e) => e.name === 'resolve')).toHaveLength(1);
  });
});
