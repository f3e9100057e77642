/**
 * Regression, per dialect: a socket could outlive its session. The session was read before
 * the socket was registered (handshake) or before it was set on the socket (`auth`), so a
 * sign-out in between was missed; and a session ended without an event (its row deleted
 * by hand) was never noticed. The session is now read again once registered, and every open
 * socket's session is read again every `sessionCheckMs`.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDigest } from '../../src/core/accounts/sessions';
import type { Harness, TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

const PERIOD_MS = 100;

describe.each(DIALECTS)('open sockets have their sessions read again, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    ({ h, port } = await liveHelpdesk(dialect, { realtime: { sessionCheckMs: PERIOD_MS } }));
  });
  afterAll(() => h?.close());

  /** Ends a session the way no event announces: its row deleted in SQL. */
  const deleteSessionRow = (user: TestUser) =>
    h.nf.db.run(sql`delete from nf_sessions where id = ${sessionDigest(user.token)}`.compile(h.nf.db.qb));

  it('a session deleted by direct SQL closes its socket within the period; a live one stays', async () => {
    const gone = await sessionUser(h.nf, 'agent');
    const staying = await sessionUser(h.nf, 'agent');
    const closing = await TestSocket.open(port, gone.headers);
    const open = await TestSocket.open(port, staying.headers);
    await deleteSessionRow(gone);
    expect((await closing.closedWithin(PERIOD_MS * 10)).code).toBe(4001);
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS * 3));
    expect(open.open).toBe(true);
    await open.barrier();
    await open.close();
  });
});

// Only where the server remembers sessions for a few seconds (one process on SQLite) can the
// handshake be let in on a session already gone; on PostgreSQL every request reads the row.
describe.each(DIALECTS.filter((d) => d === 'sqlite'))(
  'a session ended as its socket opens, on %s',
  (dialect) => {
    let h: Harness;
    let port: number;
    beforeAll(async () => {
      // The periodic check is left at its minute: only the read after registering can close these.
      ({ h, port } = await liveHelpdesk(dialect));
    });
    afterAll(() => h?.close());

    const endBehindTheCache = async (user: TestUser) => {
      expect(
        (await h.request({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode,
      ).toBe(200);
      await h.nf.db.run(
        sql`delete from nf_sessions where id = ${sessionDigest(user.token)}`.compile(h.nf.db.qb),
      );
    };

    it('at the handshake: the socket closes with 4001 at once', async () => {
      const user = await sessionUser(h.nf, 'agent');
      await endBehindTheCache(user);
      const socket = await TestSocket.open(port, user.headers);
      expect((await socket.closedWithin(1_000)).code).toBe(4001);
    });

    it('by an auth message: the socket closes with 4001 at once', async () => {
      const user = await sessionUser(h.nf, 'agent');
      await endBehindTheCache(user);
      const socket = await TestSocket.open(port);
      socket.send({ type: 'auth', token: user.token });
      expect((await socket.closedWithin(1_000)).code).toBe(4001);
    });
  },
);
