/**
 * The session cache answers from memory only while nothing could have changed the answer:
 * sign-out and a deleted account end it at once (role changes and disabling: auth.test.ts);
 * a change the bus never hears of (SQL from outside the server) lasts at most five seconds.
 * Across PostgreSQL processes there is no cache: a session ends on every process at once.
 */

import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../src/core/accounts/session-cache';
import { sessionDigest } from '../../src/core/accounts/sessions';
import { localBus } from '../../src/core/changes/change-bus';
import type { Executor } from '../../src/db/database';
import { createNinefold } from '../../src/start-app';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';

describe.each(DIALECTS)('the session cache on %s', (dialect) => {
  let h: Harness;
  let admin: TestUser;
  let clock = Date.parse('2026-06-01T12:00:00Z');
  const me = (u: TestUser) => h.request({ method: 'GET', url: '/api/auth/me', headers: u.headers });
  const dropSessionRow = (u: TestUser) =>
    h.nf.db.run(h.nf.db.qb.deleteFrom('nf_sessions').where('id', '=', sessionDigest(u.token)));

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: () => new Date(clock) });
    admin = await h.user('admin');
  });
  afterAll(() => h.close());

  it.runIf(dialect === 'sqlite')(
    'answers from memory for at most five seconds when the row changes behind its back',
    async () => {
      const u = await h.user('customer');
      expect((await me(u)).statusCode).toBe(200);
      await dropSessionRow(u);
      expect((await me(u)).statusCode).toBe(200);
      clock += 5_000;
      expect((await me(u)).statusCode).toBe(401);
    },
  );

  it.runIf(dialect === 'postgres')('reads the session row on every request', async () => {
    const u = await h.user('customer');
    expect((await me(u)).statusCode).toBe(200);
    await dropSessionRow(u);
    expect((await me(u)).statusCode).toBe(401);
  });

  it.each([
    [
      'signs out',
      (u: TestUser) => h.request({ method: 'POST', url: '/api/auth/logout', headers: u.headers }),
    ],
    [
      'is deleted',
      (u: TestUser) =>
        h.request({ method: 'DELETE', url: `/api/entities/users/${u.id}`, headers: admin.headers }),
    ],
  ])('forgets a session at once when its user %s', async (_, end) => {
    const u = await h.user('customer');
    expect((await me(u)).statusCode).toBe(200);
    expect((await end(u)).statusCode).toBe(204);
    expect((await me(u)).statusCode).toBe(401);
  });

  it('does not keep an answer read just before the session ended (regression)', async () => {
    const u = await h.user('customer');
    const bus = localBus();
    const db = h.nf.db;
    // The row is read, then the sign-out commits, then the read's answer comes back.
    const readThenEnd: Executor = {
      dialect: db.dialect,
      qb: db.qb,
      run: (q) => db.run(q),
      all: async (q) => {
        const rows = await db.all(q);
        await dropSessionRow(u);
        bus.committed([{ kind: 'sessionEnded', session: sessionDigest(u.token) }]);
        return rows as never;
      },
    };
    const cache = new SessionCache(readThenEnd, bus, () => new Date(clock), h.nf.core.app);
    expect(await cache.caller(u.token)).toMatchObject({ id: u.id });
    expect(
      await new SessionCache(db, localBus(), () => new Date(clock), h.nf.core.app).caller(u.token),
    ).toBeNull();
    expect(await cache.caller(u.token)).toBeNull();
  });
});

describe.runIf(DIALECTS.includes('postgres'))('the session cache across PostgreSQL processes', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHelpdesk('postgres');
  });
  afterAll(() => h.close());

  it('ends a session on the other process with the commit that ends it', async () => {
    const other = await createNinefold(app, { database: h.url });
    try {
      const u = await h.user('agent');
      expect(await other.core.caller(u.token)).toMatchObject({ id: u.id });
      await h.nf.core.logout(u.token);
      expect(await other.core.caller(u.token)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
