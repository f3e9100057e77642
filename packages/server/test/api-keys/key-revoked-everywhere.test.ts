/**
 * Revocation is refused at once on every process: two real `ninefold start` processes (the
 * built binary, `npm run build` first) on one PostgreSQL database. A key revoked through A
 * is refused by B on the very next request, with no pause; its socket on B closes. Skipped
 * without TEST_DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freshDatabase, PG_URL, type TestDatabase } from '../test-databases';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = join(ROOT, 'packages/cli/bin/ninefold.js');
const PASSWORD = 'demo-password-1';

interface Server {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<number | null>;
}

/** Starts `ninefold start` on the database and resolves once it prints its URL. */
async function start(databaseUrl: string, demo: boolean): Promise<Server> {
  const {
    DATABASE_URL: _d,
    HOST: _h,
    PORT: _p,
    NINEFOLD_ADMIN_PASSWORD: _a,
    SMTP_URL: _s,
    MAIL_FROM: _f,
    ...env
  } = process.env;
  const child = spawn(
    process.execPath,
    [BIN, 'start', 'examples/helpdesk', ...(demo ? ['--demo'] : []), '--port', '0'],
    {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: databaseUrl, MAIL_OUTBOX: '1', APP_URL: 'http://app.test' },
    },
  );
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (out += s));
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const m = /is running at (http:\/\/\S+)/.exec(out);
    if (m)
      return {
        url: m[1]!,
        child,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`ninefold start never said where it runs:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call(base: string, token: string | null, method: string, path: string, body?: object) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

describe.skipIf(!PG_URL)('a key revoked on one `ninefold start` process', { timeout: 120_000 }, () => {
  let db: TestDatabase;
  let a: Server;
  let b: Server;
  let agent: string;

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    a = await start(db.url, true);
    b = await start(db.url, false);
    const login = await call(a.url, null, 'POST', '/api/auth/login', {
      email: 'agent@helpdesk.test',
      password: PASSWORD,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    agent = login.body.token;
  }, 120_000);
  afterAll(async () => {
    for (const s of [a, b]) if (s) expect(await s.stop()).toBe(0);
    await db?.drop();
  });

  it('is refused by the other on the very next request, and its socket there closes', async () => {
    const made = await call(a.url, agent, 'POST', '/api/auth/api-keys', { name: 'two processes' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const key = made.body.key as string;
    // Used on both first, several times: whatever either could remember, it has seen.
    for (const s of [a, b, b, a]) expect((await call(s.url, key, 'GET', '/api/auth/me')).status).toBe(200);
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

    const revoked = await call(a.url, agent, 'DELETE', `/api/auth/api-keys/${made.body.id}`);
    expect(revoked.status).toBe(204);
    const answered = Date.now();
    const next = await call(b.url, key, 'GET', '/api/auth/me');
    expect(next.status).toBe(401);
    expect(next.body.code).toBe('UNAUTHENTICATED');
    const write = await call(b.url, key, 'POST', '/api/entities/comments', { ticket: 'x', body: 'late' });
    expect(write.status).toBe(401);
    expect((await call(a.url, key, 'GET', '/api/auth/me')).status).toBe(401);
    const end = await closed;
    expect(end.code).toBe(4001);
    expect(end.at - answered).toBeLessThan(1000);
  });
});
