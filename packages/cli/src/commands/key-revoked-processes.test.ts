/**
 * Revocation is refused at once on every process: two real `ninefold start` processes on one
 * PostgreSQL database. A key revoked through A is refused by B on the very next request, with
 * no pause, and its socket on B closes. Skipped, with a notice, without TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { callApi } from '../../test/call-api';
import { logIn, OUTBOX_MAIL, type Running, serve } from '../../test/run-cli';
import { PG_URL, type SharedPostgres, sharedPostgres } from '../../test/shared-postgres';

if (!PG_URL) console.warn('[keys ×2] TEST_DATABASE_URL is not set: skipped (it needs PostgreSQL).');

describe.skipIf(!PG_URL)('a key revoked on one `ninefold start` process', { timeout: 120_000 }, () => {
  let db: SharedPostgres;
  let a: Running;
  let b: Running;
  let agent: string;

  beforeAll(async () => {
    db = await sharedPostgres();
    const env = { DATABASE_URL: db.url, ...OUTBOX_MAIL };
    a = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], env);
    await a.waitFor(/Press Ctrl-C to stop/);
    b = await serve(['start', 'examples/helpdesk', '--port', '0'], env);
    await b.waitFor(/Press Ctrl-C to stop/);
    agent = await logIn(a.url, 'agent@helpdesk.test', 'demo-password-1');
  }, 120_000);
  afterAll(async () => {
    for (const s of [a, b]) if (s) expect((await s.stop()).code).toBe(0);
    await db?.drop();
  });

  it('is refused by the other on the very next request, and its socket there closes', async () => {
    const made = await callApi(a.url, agent, 'POST', '/api/auth/api-keys', { name: 'two processes' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const key = made.body.key as string;
    // Used on both first, several times: whatever either could remember, it has seen.
    for (const s of [a, b, b, a]) expect((await callApi(s.url, key, 'GET', '/api/auth/me')).status).toBe(200);
    const socket = new WebSocket(`${b.url.replace('http', 'ws')}/api/realtime`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const ready = new Promise<Record<string, any>>((done) =>
      socket.once('message', (m) => done(JSON.parse(String(m)))),
    );
    const closed = new Promise<{ code: number; at: number }>((done) =>
      socket.once('close', (code) => done({ code, at: Date.now() })),
    );
    expect((await ready).caller).toMatchObject({ role: 'agent' });

    const revoked = await callApi(a.url, agent, 'DELETE', `/api/auth/api-keys/${made.body.id}`);
    expect(revoked.status).toBe(204);
    const answered = Date.now();
    const next = await callApi(b.url, key, 'GET', '/api/auth/me');
    expect(next.status).toBe(401);
    expect(next.body.code).toBe('UNAUTHENTICATED');
    const write = await callApi(b.url, key, 'POST', '/api/entities/comments', { ticket: 'x', body: 'late' });
    expect(write.status).toBe(401);
    expect((await callApi(a.url, key, 'GET', '/api/auth/me')).status).toBe(401);
    const end = await closed;
    expect(end.code).toBe(4001);
    expect(end.at - answered).toBeLessThan(1000);
  });
});
