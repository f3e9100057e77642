/**
 * The crash test: a real `ninefold start` process runs 300 jobs (each makes one receipt, in
 * the transaction that settles it), is killed with SIGKILL midway, and started again. After
 * the restart every job is done and every receipt exists exactly once: a job cut short by the
 * kill left nothing behind, and its lease ran out so the new process ran it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabase } from '@ninefold/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { DIALECTS } from '../test-databases';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = join(ROOT, 'packages/cli/bin/ninefold.js');
// Inside the repository, so the app's imports resolve from the workspace; gitignored.
const SCRATCH = join(ROOT, 'examples/helpdesk/.data');
const JOBS = 300;
const LEASE_MS = 1_500;

const APP = `import { action, defineApp, entity, f } from '@ninefold/spec';

export default defineApp({
  about: { name: 'Crash test', summary: 'Jobs killed midway.', audience: 'Tests.' },
  roles: { member: { signUp: true }, admin: { admin: true } },
  entities: { receipts: entity({ fields: { job: f.text() }, access: { read: { admin: true } } }) },
  actions: {
    makeReceipt: action({
      // Run by the system, which no who binds; the checker wants some role to call it.
      who: { admin: true },
      input: { job: f.text() },
      output: { ok: f.boolean() },
      handler: async ({ input, records }) => {
        // Long enough that a kill lands inside a job, not between two.
        await new Promise((r) => setTimeout(r, 15));
        await records.create('receipts', { job: input.job });
        return { ok: true };
      },
    }),
    enqueueMany: action({
      who: { anonymous: true },
      input: { count: f.integer() },
      output: { ok: f.boolean() },
      handler: async ({ input, schedule }) => {
        for (let i = 0; i < input.count; i++) schedule('makeReceipt', { job: 'job-' + i });
        return { ok: true };
      },
    }),
  },
});
`;

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
}

async function start(appDir: string, env: Record<string, string>): Promise<Server> {
  const { DATABASE_URL: _d, PORT: _p, HOST: _h, SMTP_URL: _s, ...own } = process.env;
  const child = spawn(process.execPath, [BIN, 'start', appDir, '--port', '0'], {
    cwd: ROOT,
    env: {
      ...own,
      MAIL_OUTBOX: '1',
      APP_URL: 'http://app.test',
      NINEFOLD_JOB_LEASE_MS: String(LEASE_MS),
      ...env,
    },
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const url = /is running at (http:\/\/\S+)/.exec(out)?.[1];
    if (url) return { child, url, output: () => out };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function killed(server: Server): Promise<void> {
  const { child } = server;
  // A killed process has a signal, not an exit code: its 'exit' has been heard already.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

const count = async (db: Database, table: string, where?: [string, string]) => {
  let q = db.qb.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) q = q.where(where[0], '=', where[1]);
  const [row] = await db.all<{ n: number }>(q);
  return Number(row?.n ?? 0);
};

describe.each(DIALECTS)('jobs killed midway on %s', (dialect) => {
  it('each job takes effect exactly once after a SIGKILL and a restart', { timeout: 180_000 }, async () => {
    mkdirSync(SCRATCH, { recursive: true });
    const appDir = mkdtempSync(join(SCRATCH, 'tmp-crash-'));
    made.push(appDir);
    writeFileSync(join(appDir, 'app.ts'), APP);
    const tdb = await testDatabase(dialect === 'sqlite' ? 'sqlite-file' : 'postgres');
    const env: Record<string, string> =
      dialect === 'sqlite' ? { DATA_DIR: join(appDir, '.data') } : { DATABASE_URL: tdb.url };
    const file = join(appDir, '.data', 'app.db');
    let first: Server | undefined;
    let second: Server | undefined;
    let db: Database | undefined;
    try {
      first = await start(appDir, env);
      db = openDatabase(dialect === 'sqlite' ? file : tdb.url);
      const res = await fetch(`${first.url}/api/actions/enqueueMany`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: JOBS }),
      });
      expect(res.status, await res.text()).toBe(200);
      // Killed once some receipts exist but not all: jobs are running.
      await expect
        .poll(() => count(db!, 'receipts'), { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(JOBS / 10);
      await killed(first);
      const before = await count(db, 'receipts');
      expect(before).toBeLessThan(JOBS);
      // A job was held when the process died: its lease must run out before it runs again.
      const held = await db.all(
        db.qb
          .selectFrom('nf_jobs')
          .select('id')
          .where('status', '=', 'queued')
          .where('lockedUntil', 'is not', null),
      );
      expect(held.length).toBeGreaterThan(0);

      second = await start(appDir, env);
      await expect
        .poll(() => count(db!, 'nf_jobs', ['status', 'done']), { timeout: 120_000, interval: 100 })
        .toBe(JOBS);
      const receipts = await db.all<{ job: string; n: number }>(
        db.qb
          .selectFrom('receipts')
          .select(['job', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('job'),
      );
      expect(receipts).toHaveLength(JOBS);
      expect(receipts.filter((r) => Number(r.n) !== 1)).toEqual([]);
      expect(await count(db, 'nf_jobs')).toBe(JOBS);
      expect(second.output()).not.toMatch(/job .* (dead|tried again)/);
    } finally {
      for (const s of [first, second]) if (s) await killed(s);
      await db?.close();
      await tdb.drop();
    }
  });
});
