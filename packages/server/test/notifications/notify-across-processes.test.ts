/**
 * Notifications across processes (PostgreSQL only): two helpdesk servers in child processes
 * on one database. An agent's reply written through one reaches the requester's socket on
 * the other, once, through the database's outbox; another person's socket there hears
 * nothing. Skipped, with a notice, when TEST_DATABASE_URL is not set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import helpdesk from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../src/core/accounts/sessions';
import { type Core, createCore } from '../../src/core/ninefold-core';
import type { Database } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { TestSocket } from '../realtime/test-socket';
import { freshDatabase, PG_URL, type TestDatabase } from '../test-databases';

if (!PG_URL) console.warn('[notifications across processes] TEST_DATABASE_URL is not set: skipped.');

const FIXTURE = fileURLToPath(new URL('./fixtures/serve-helpdesk.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

interface Server {
  readonly port: number;
  readonly child: ChildProcess;
}

function serve(databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, databaseUrl], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a server exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve({ port: (JSON.parse(line) as { port: number }).port, child }),
    );
  });
}

async function stop(s: Server): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

type Notice = { type: string; notification?: { notification: string; title: string } };

describe.skipIf(!PG_URL)('notifications across two server processes on one PostgreSQL database', () => {
  let tdb: TestDatabase;
  let servers: Server[] = [];
  let db: Database;
  let core: Core;

  beforeAll(async () => {
    tdb = await freshDatabase('postgres');
    // One first: it lays out the schema the other then finds.
    servers = [await serve(tdb.url)];
    servers.push(await serve(tdb.url));
    db = openDatabase(tdb.url);
    core = createCore(helpdesk, db);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map(stop));
    await db?.close();
    await tdb?.drop();
  });

  let made = 0;
  const user = async (role: string) => {
    made += 1;
    const rec = await core.create(
      null,
      'users',
      { email: `np${made}@test.example`, name: `${role} ${made}`, role },
      true,
    );
    const id = String(rec.id);
    const token = await db.transaction((tx) => startSession(tx, id, new Date()));
    return { id, headers: { authorization: `Bearer ${token}` } };
  };
  const api = async (p: number, who: { headers: Record<string, string> }, path: string, body: object) => {
    const res = await fetch(`http://127.0.0.1:${servers[p]!.port}${path}`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("an agent's reply through one process reaches the requester's socket on the other, once", async () => {
    const [customer, agent, bystander] = [await user('customer'), await user('agent'), await user('agent')];
    const ticket = await api(0, customer, '/api/entities/tickets', {
      subject: 'Two servers',
      description: 'Hello?',
    });
    expect(ticket.status).toBe(201);
    const mine = await TestSocket.open(servers[1]!.port, customer.headers);
    const theirs = await TestSocket.open(servers[1]!.port, bystander.headers);
    try {
      const reply = await api(0, agent, '/api/entities/comments', { ticket: ticket.body.id, body: 'On it.' });
      expect(reply.status).toBe(201);
      // From the first message on: the notice may arrive before the reply's answer does.
      const told = (await mine.next((m) => (m as Notice).type === 'notification', 0)) as unknown as Notice;
      expect(told.notification).toMatchObject({
        notification: 'agentReplied',
        title: 'New reply on "Two servers"',
      });
      // A second write through the same path: its event arrives after the first was fully told.
      await api(0, agent, '/api/entities/comments', { ticket: ticket.body.id, body: 'Done.' });
      await mine.next((m) => (m as Notice).type === 'notification' && m !== (told as unknown), 0);
      await mine.barrier();
      await theirs.barrier();
      const notices = (s: TestSocket) =>
        (s.messages as unknown as Notice[]).filter((m) => m.type === 'notification');
      expect(notices(mine)).toHaveLength(2);
      expect(notices(theirs)).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
