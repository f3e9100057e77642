import { createTestApp, type TestApp, testDialects } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { claimJobs } from './job-claims';
import { JOB_HANDLERS } from './job-handlers';
import { enqueueJob, JOB_ATTEMPTS } from './job-queue';
import { JOB_RETENTION_MS } from './job-retention';
import { jobApp } from './job-test-app';
import { JobWorker } from './job-worker';
import { runJob } from './run-job';

type App = typeof jobApp;
type Row = Record<string, any>;
const START = '2030-01-01T00:00:00.000Z';

const jobs = (t: TestApp<App>) => t.db.all<Row>(t.db.qb.selectFrom('nf_jobs').selectAll().orderBy('id'));
const receipts = async (t: TestApp<App>) =>
  (await t.db.all<{ job: string }>(t.db.qb.selectFrom('receipts').select('job').orderBy('job'))).map(
    (r) => r.job,
  );

async function boss(t: TestApp<App>) {
  const u = await t.createUser('boss');
  return { id: u.id, role: 'boss', email: u.email };
}

/** Queues an action job straight into the table, due now unless told. */
function queue(t: TestApp<App>, name: string, input: Row, runAt = t.clock.now()) {
  return t.db.transaction((tx) =>
    enqueueJob(tx, { kind: 'action', name, payload: { input }, runAt }, t.clock.now()),
  );
}

function worker(t: TestApp<App>, log?: (m: string) => void) {
  const setup = { app: jobApp, db: t.db, core: t.core, handlers: JOB_HANDLERS, webhooks: {} };
  return new JobWorker(log ? { ...setup, log } : setup, { manual: true });
}

describe.each(testDialects())('the job queue on %s', (dialect) => {
  const open = () => createTestApp(jobApp, { database: dialect, clock: START, listen: false });

  it("runs what a handler's schedule queued, as the system, once its action committed", async () => {
    await using t = await open();
    const caller = await boss(t);
    await t.core.action(caller, 'enqueueMany', { count: 3 });
    expect((await t.nf.jobs.list()).map((j) => [j.kind, j.name, j.status])).toEqual([
      ['action', 'makeReceipt', 'queued'],
      ['action', 'makeReceipt', 'queued'],
      ['action', 'makeReceipt', 'queued'],
    ]);
    expect(await t.runJobs()).toBe(3);
    expect(await receipts(t)).toEqual(['r0', 'r1', 'r2']);
    for (const job of await jobs(t))
      expect(job).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, finishedAt: START });
    // Nothing is left to run.
    expect(await t.runJobs()).toBe(0);
  });

  it('queues nothing when the scheduling action fails, and refuses an unknown action or a bad input', async () => {
    await using t = await open();
    const caller = await boss(t);
    await expect(t.core.action(caller, 'enqueueMany', { count: 2, fail: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.core.action(caller, 'enqueueMany', { count: 1, action: 'nope' })).rejects.toThrow(
      "schedule: 'nope' is not an action of the app",
    );
    // flaky takes a mode, not a job.
    await expect(t.core.action(caller, 'enqueueMany', { count: 1, action: 'flaky' })).rejects.toThrow(
      "schedule: the input of 'flaky' is refused: mode (",
    );
    expect(await jobs(t)).toEqual([]);
  });

  it('runs a job at its time, not before, and the jobs a job queues in the same pass', async () => {
    await using t = await open();
    await t.core.action(await boss(t), 'enqueueMany', { count: 1, afterMs: 60_000 });
    expect(await t.runJobs()).toBe(0);
    t.clock.advance({ seconds: 59 });
    expect(await t.runJobs()).toBe(0);
    t.clock.advance({ seconds: 1 });
    expect(await t.runJobs()).toBe(1);
    await queue(t, 'flaky', { mode: 'chain' });
    expect(await t.runJobs()).toBe(2);
    expect(await receipts(t)).toEqual(['chained', 'r0']);
  });

  it('retries a failure with growing backoff, then leaves it dead with a one-line error', async () => {
    await using t = await open();
    const logs: string[] = [];
    const w = worker(t, (m) => logs.push(m));
    const id = await queue(t, 'flaky', { mode: 'crash' });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= JOB_ATTEMPTS; attempt++) {
      expect(await w.runDue()).toBe(1);
      const [job] = await jobs(t);
      expect(job).toMatchObject({
        id,
        attempts: attempt,
        lockedUntil: null,
        error: 'boom: the printer caught fire',
      });
      if (attempt === JOB_ATTEMPTS) break;
      expect(job!.status).toBe('queued');
      const wait = Date.parse(job!.runAt) - t.clock.now().getTime();
      waits.push(wait);
      // Not due a moment before its time.
      t.clock.advance(wait - 1);
      expect(await w.runDue()).toBe(0);
      t.clock.advance(1);
    }
    // 5 s doubling, with up to a tenth more at random.
    waits.forEach((wait, i) => {
      const base = 5_000 * 2 ** i;
      expect(wait).toBeGreaterThanOrEqual(base);
      expect(wait).toBeLessThanOrEqual(base * 1.1);
    });
    const [dead] = await jobs(t);
    expect(dead).toMatchObject({
      status: 'dead',
      attempts: JOB_ATTEMPTS,
      finishedAt: t.clock.now().toISOString(),
    });
    expect(dead!.error).not.toMatch(/\n|at Printer/);
    expect(logs).toHaveLength(JOB_ATTEMPTS);
    expect(logs.at(-1)).toBe(
      `job action 'flaky' ${id} is dead after attempt ${JOB_ATTEMPTS}: boom: the printer caught fire`,
    );
    t.clock.advance({ days: 1 });
    expect(await w.runDue()).toBe(0);
    await w.close();
  });

  it('ends a job dead at once on a catalogue error, which trying again would only meet again', async () => {
    await using t = await open();
    await queue(t, 'flaky', { mode: 'refuse' });
    await queue(t, 'gone', {});
    expect(await t.runJobs()).toBe(2);
    expect((await jobs(t)).map((j) => [j.status, j.attempts, j.error])).toEqual([
      ['dead', 1, 'OUT_OF_STOCK: Out of stock: toner.'],
      ['dead', 1, 'NOT_FOUND: Not found.'],
    ]);
  });

  it('retries a dead job from the start; a queued or done one is refused, an unknown one is null', async () => {
    await using t = await open();
    const dead = await queue(t, 'flaky', { mode: 'refuse' });
    const done = await queue(t, 'makeReceipt', { job: 'once' });
    await t.runJobs();
    t.clock.advance({ minutes: 1 });
    const again = await t.nf.jobs.retry(dead);
    expect(again).toMatchObject({
      id: dead,
      status: 'queued',
      attempts: 0,
      runAt: t.clock.now().toISOString(),
      finishedAt: null,
    });
    expect(await t.nf.jobs.retry(dead)).toBe(false);
    expect(await t.nf.jobs.retry(done)).toBe(false);
    expect(await t.nf.jobs.retry('0190aaaa-0000-7000-8000-000000000000')).toBeNull();
    expect(await t.runJobs()).toBe(1);
    expect((await t.nf.jobs.list({ status: 'dead' })).map((j) => [j.id, j.attempts])).toEqual([[dead, 1]]);
  });

  it("undoes a job's effect when its lease was lost, and leaves the job to whoever took it over", async () => {
    await using t = await open();
    const id = await queue(t, 'makeReceipt', { job: 'lost' });
    const now = t.clock.now();
    const lease = new Date(now.getTime() + 1_000).toISOString();
    const {
      jobs: [job],
    } = await claimJobs(t.db, now.toISOString(), lease, 10);
    expect(job!.id).toBe(id);
    expect((await t.nf.jobs.list())[0]!.status).toBe('running');
    // Held: nobody else takes it, and the list says so.
    expect(await t.runJobs()).toBe(0);
    // The lease runs out and another process takes it over (here, by hand).
    t.clock.advance({ seconds: 2 });
    const later = t.clock.now();
    const theirs = new Date(later.getTime() + 60_000).toISOString();
    expect((await claimJobs(t.db, later.toISOString(), theirs, 10)).jobs).toHaveLength(1);
    const setup = { app: jobApp, db: t.db, core: t.core, handlers: JOB_HANDLERS, webhooks: {} };
    await runJob(setup, job!, { lease, signal: new AbortController().signal, closing: () => false });
    expect(await receipts(t)).toEqual([]);
    // Each taking counted an attempt, the lost run's too: a job that never settles runs out.
    expect((await jobs(t))[0]).toMatchObject({ status: 'queued', attempts: 2, lockedUntil: theirs });
  });

  it('deletes jobs settled a week ago, keeping dead ones and recent ones', async () => {
    await using t = await open();
    await queue(t, 'makeReceipt', { job: 'old' });
    await queue(t, 'flaky', { mode: 'refuse' });
    await t.runJobs();
    t.clock.advance(JOB_RETENTION_MS - 60_000);
    await queue(t, 'makeReceipt', { job: 'recent' });
    await t.runJobs();
    expect(await jobs(t)).toHaveLength(3);
    t.clock.advance({ hours: 1 });
    await t.runJobs();
    expect((await jobs(t)).map((j) => [j.status, j.error ?? null])).toEqual([
      ['dead', 'OUT_OF_STOCK: Out of stock: toner.'],
      ['done', null],
    ]);
  });

  it('picks a job up by itself: woken after an HTTP write, without waiting for its poll', async () => {
    await using t = await createTestApp(jobApp, {
      database: dialect,
      server: { jobs: { pollMs: 3_600_000 } },
    });
    const admin = await t.clientAs('boss');
    const res = await t.inject({
      method: 'POST',
      url: '/api/actions/enqueueMany',
      headers: admin.headers(),
      payload: { count: 2 },
    });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => receipts(t), { timeout: 3_000 }).toEqual(['r0', 'r1']);
  });

  it('lets a job go untried when the worker closes while it runs', async () => {
    await using t = await open();
    await queue(t, 'makeReceipt', { job: 'slow' });
    let release!: () => void;
    const started = new Promise<void>((r) => (release = r));
    const setup = {
      app: jobApp,
      db: t.db,
      core: t.core,
      webhooks: {},
      handlers: {
        action: async ({ signal }: { signal: AbortSignal }) => {
          release();
          await new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('aborted'))),
          );
        },
      },
    };
    const w = new JobWorker(setup, { manual: true });
    const pass = w.runDue();
    await started;
    await w.close();
    await pass;
    expect((await jobs(t))[0]).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedUntil: null,
      error: null,
    });
  });

  // Regression: when taking jobs threw while others ran, the pass rejected at once, leaving
  // them running beside the next pass (more than `concurrency` at once) and beside close().
  it('ends a pass whose taking fails only once the jobs it started have settled', async () => {
    await using t = await open();
    for (const [i, mode] of ['quick', 'slow', 'later'].entries())
      await queue(t, 'makeReceipt', { job: mode }, new Date(Date.parse(START) - 3_000 + i * 1_000));
    let broken = false;
    let slowEnded = false;
    // The database fails every transaction once the quick job ran: the next taking throws.
    const db = new Proxy(t.db, {
      get(target, name) {
        if (name === 'transaction' && broken) return () => Promise.reject(new Error('connection lost'));
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const handlers = {
      action: async ({ job }: { job: { payload: Row } }) => {
        if (job.payload.input.job === 'quick') {
          broken = true;
          return;
        }
        await new Promise((r) => setTimeout(r, 200));
        slowEnded = true;
      },
    };
    const w = new JobWorker(
      { app: jobApp, db, core: t.core, handlers, webhooks: {} },
      { manual: true, concurrency: 2 },
    );
    const failed = await w.runDue().then(
      () => 'resolved',
      (e: Error) => ({ message: e.message, slowEnded }),
    );
    expect(failed).toEqual({ message: 'connection lost', slowEnded: true });
    broken = false;
    const rows = await t.db.all<Row>(
      t.db.qb.selectFrom('nf_jobs').select(['status', 'lockedUntil']).orderBy('runAt'),
    );
    expect(rows).toEqual([
      { status: 'done', lockedUntil: null },
      { status: 'done', lockedUntil: null },
      { status: 'queued', lockedUntil: null },
    ]);
    await w.close();
  });
});
