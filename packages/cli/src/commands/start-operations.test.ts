/**
 * A production `ninefold start` as operators run it, in its own process: a provoked 500 is
 * in its log (stdout, JSON lines) with its stack and request id; `/api/metrics` is scraped
 * with METRICS_TOKEN or by an admin and refused to anyone else; SIGTERM answers the request
 * in flight, tells the open realtime socket to reconnect (1001) and exits 0 with the write
 * durable.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@ninefold/server';
import { REALTIME_CLOSE } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveSocket } from '../../test/live-socket';
import {
  logIn,
  ninefoldHere,
  OUTBOX_MAIL,
  type Running,
  removeScratch,
  scratchDir,
  serve,
} from '../../test/run-cli';

const METRICS_TOKEN = 'scrape-3b8f0c2e9d4a71f6';
const PASSWORD = 'ops-password-correct-horse';
const BOOM = 'the ops action broke on purpose';

// An app of its own: an action that fails like a bug, and one slow enough to be in flight.
const APP = `import { action, defineApp, entity, f } from '@ninefold/spec';

export default defineApp({
  about: { name: 'Ops', summary: 'Notes, for the operations tests.', audience: 'Members and an admin.' },
  roles: { member: { signUp: true }, admin: { admin: true } },
  entities: {
    notes: entity({
      fields: { text: f.text({ max: 200 }) },
      access: { read: { member: true }, create: { member: true } },
    }),
  },
  actions: {
    explode: action({
      who: { anonymous: true },
      input: {},
      output: {},
      handler: async () => {
        throw new TypeError(${JSON.stringify(BOOM)});
      },
    }),
    slowNote: action({
      who: { member: true },
      input: { text: f.text(), ms: f.integer() },
      output: { id: f.text() },
      handler: async ({ input, records }) => {
        console.log('slowNote: in flight');
        await new Promise((resolve) => setTimeout(resolve, input.ms));
        const note = await records.create('notes', { text: input.text });
        return { id: String(note.id) };
      },
    }),
  },
});
`;

type Line = Record<string, any>;

/** The JSON lines the process printed (its log), skipping the CLI's own words. */
function logLines(output: string): Line[] {
  return output.split('\n').flatMap((l) => {
    if (!l.startsWith('{')) return [];
    try {
      return [JSON.parse(l) as Line];
    } catch {
      return [];
    }
  });
}

afterAll(removeScratch);

describe('ninefold start in production', { timeout: 120_000 }, () => {
  const appDir = scratchDir('ops-app');
  const dataDir = scratchDir('ops-data');
  let s: Running;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    writeFileSync(join(appDir, 'app.ts'), APP);
    const made = await ninefoldHere(
      ['admin', 'create', appDir, '--email', 'ops@example.test', '--name', 'Ops'],
      { DATA_DIR: dataDir, NINEFOLD_ADMIN_PASSWORD: PASSWORD },
    );
    expect(made.code, made.err).toBe(0);
    // LOG_LEVEL: the test runner's NODE_ENV=test would otherwise keep the log quiet.
    s = await serve(['start', appDir, '--port', '0'], {
      DATA_DIR: dataDir,
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
      ...OUTBOX_MAIL,
    });
    admin = await logIn(s.url, 'ops@example.test', PASSWORD);
    const signup = await fetch(`${s.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.test', password: PASSWORD, name: 'Member' }),
    });
    expect(signup.status).toBe(201);
    member = ((await signup.json()) as { token: string }).token;
  }, 120_000);
  afterAll(async () => {
    if (s?.child.exitCode === null) await s.stop();
  });

  it('logs a provoked 500 on stdout with its stack and request id, and answers nothing of it', async () => {
    const res = await fetch(`${s.url}/api/actions/explode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ code: 'INTERNAL', status: 500 });
    expect(body).not.toContain(BOOM);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await s.waitFor(new RegExp(`"reqId":"${id}".*"msg":"request"`));
    const lines = logLines(s.output()).filter((l) => l.reqId === id);
    const error = lines.find((l) => l.level === 50);
    expect(error).toMatchObject({ route: '/api/actions/:name', err: { message: BOOM } });
    expect(error?.err.stack).toMatch(/TypeError: the ops action broke on purpose\n\s+at /);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ statusCode: 500, method: 'POST' });
  });

  it.each([
    ['the metrics token', 200, () => METRICS_TOKEN, undefined],
    ['an admin', 200, () => admin, undefined],
    ['nobody', 401, () => undefined, 'UNAUTHENTICATED'],
    ['a wrong token', 401, () => `${METRICS_TOKEN}-not`, 'UNAUTHENTICATED'],
    ['a member', 403, () => member, 'FORBIDDEN'],
  ])('GET /api/metrics with %s answers %i', async (_who, status, token, code) => {
    const t = token();
    const res = await fetch(`${s.url}/api/metrics`, { headers: t ? { authorization: `Bearer ${t}` } : {} });
    expect(res.status).toBe(status);
    const text = await res.text();
    if (code) {
      expect(JSON.parse(text)).toMatchObject({ code, status });
      expect(text).not.toContain('ninefold_');
      return;
    }
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toMatch(
      /^ninefold_http_request_duration_seconds_count\{method="POST",route="\/api\/actions\/:name",status="500"\} 1$/m,
    );
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('on SIGTERM answers the request in flight, closes the socket with 1001 and exits 0', async () => {
    const socket = await LiveSocket.open(s.url, member);
    await socket.subscribe('all', 'notes');
    const inFlight = fetch(`${s.url}/api/actions/slowNote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'written across the shutdown', ms: 1500 }),
    });
    await s.waitFor(/slowNote: in flight/);
    const stopped = s.stop();

    const closed = await socket.closed;
    expect(closed.code).toBe(REALTIME_CLOSE.goingAway);
    const res = await inFlight;
    // Told at once, not once the request in flight was done.
    expect(closed.at).toBeLessThan(Date.now() - 500);
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };

    const { code, out } = await stopped;
    expect(out).toContain('SIGTERM: closing the server and the database');
    expect(out).toContain('✓ stopped');
    expect(code).toBe(0);
    const db = openDatabase(join(dataDir, 'app.db'));
    try {
      const rows = await db.all<{ id: string; text: string }>(
        db.qb.selectFrom('notes').select(['id', 'text']).where('id', '=', id),
      );
      expect(rows).toEqual([{ id, text: 'written across the shutdown' }]);
    } finally {
      await db.close();
    }
  });
});
