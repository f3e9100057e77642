/**
 * Regression tests: two writes queueing one key at once. The queue keeps one queued job per
 * key (the partial unique index ix_nf_jobs_key). On PostgreSQL, `enqueueJob` looked for the
 * queued job of its key and inserted one when it found none, and a retry from the admin
 * console looked the same way before queueing its job again; a write beside either, queueing
 * that key and not yet committed, was not seen, and the insert or retry then broke the index:
 * a failed write, and a 500 from `POST /api/jobs/{id}/retry`. Now the insert replaces the
 * other's job in the index, and the retry answers 409 INVALID_TRANSITION. SQLite runs the two
 * writes one after the other: the same outcome, without the race.
 */
import { createTestApp, type TestApp, testDialects } from '@ninefold/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/database';
import { enqueueJob } from '../../src/jobs/job-queue';
import { jobApp } from '../../src/jobs/job-test-app';

type App = typeof jobApp;
const START = '2030-01-01T00:00:00.000Z';
const KEY = 'timer:receipts:close:r1';

function keyed(t: TestApp<App>, input: Record<string, unknown>) {
  return {
    kind: 'action' as const,
    name: input.mode ? 'flaky' : 'makeReceipt',
    key: KEY,
    payload: { input },
    runAt: t.clock.now(),
  };
}

/**
 * Runs `first` in a transaction held open until `second` (started meanwhile) waits on it —
 * on PostgreSQL, until the database says `first`'s backend blocks it — then commits it.
 */
async function race<T>(
  t: TestApp<App>,
  first: (tx: Executor) => Promise<unknown>,
  second: () => Promise<T>,
): Promise<T> {
  let pid = 0;
  let commit!: () => void;
  const held = new Promise<void>((r) => (commit = r));
  let started!: () => void;
  const ready = new Promise<void>((r) => (started = r));
  const one = t.db.transaction(async (tx) => {
    await first(tx);
    if (tx.dialect.name === 'postgres') {
      const [me] = await tx.all<{ pid: number }>(sql`select pg_backend_pid() as pid`.compile(tx.qb));
      pid = me!.pid;
    }
    started();
    await held;
  });
  await ready;
  const two = second();
  if (pid) {
    // The second statement has reached the index and waits for the first to commit.
    const blocked = () =>
      t.db.all(
        sql`select 1 from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.compile(t.db.qb),
      );
    await expect.poll(async () => (await blocked()).length, { timeout: 5_000, interval: 20 }).toBe(1);
  } else await new Promise((r) => setTimeout(r, 50));
  commit();
  await one;
  return two;
}

const queuedOfKey = (t: TestApp<App>) =>
  t.db.all<{ name: string; payload: unknown }>(
    t.db.qb
      .selectFrom('nf_jobs')
      .select(['name', 'payload'])
      .where('key', '=', KEY)
      .where('status', '=', 'queued'),
  );

describe.each(testDialects())('a key queued by two writes at once on %s', (dialect) => {
  const open = () => createTestApp(jobApp, { database: dialect, clock: START, listen: false });

  it('keeps one queued job of the key, the later write its plan, and neither write fails', async () => {
    await using t = await open();
    const second = await race(
      t,
      (tx) => enqueueJob(tx, keyed(t, { job: 'first' }), t.clock.now()),
      () => t.db.transaction((tx) => enqueueJob(tx, keyed(t, { job: 'second' }), t.clock.now())),
    );
    const queued = await queuedOfKey(t);
    expect(queued).toHaveLength(1);
    const payload = queued[0]!.payload;
    expect(typeof payload === 'string' ? JSON.parse(payload) : payload).toEqual({ input: { job: 'second' } });
    const [row] = await t.db.all<{ id: string }>(t.db.qb.selectFrom('nf_jobs').select('id'));
    expect(row!.id).toBe(second);
    expect(await t.runJobs()).toBe(1);
    expect(await t.db.all(t.db.qb.selectFrom('receipts').select('job'))).toEqual([{ job: 'second' }]);
  });

  it('answers a retry 409 INVALID_TRANSITION when a job of its key is queued meanwhile', async () => {
    await using t = await open();
    const dead = await t.db.transaction((tx) => enqueueJob(tx, keyed(t, { mode: 'refuse' }), t.clock.now()));
    await t.runJobs();
    const admin = (await t.clientAs('boss')).headers();
    const res = await race(
      t,
      (tx) => enqueueJob(tx, keyed(t, { job: 'planned anew' }), t.clock.now()),
      () => t.inject({ method: 'POST', url: `/api/jobs/${dead}/retry`, headers: admin, payload: {} }),
    );
    expect([res.statusCode, res.json().code]).toEqual([409, 'INVALID_TRANSITION']);
    const rows = await t.db.all<{ id: string; status: string }>(
      t.db.qb.selectFrom('nf_jobs').select(['id', 'status']).orderBy('id'),
    );
    expect(rows.map((r) => [r.id === dead, r.status])).toEqual([
      [true, 'dead'],
      [false, 'queued'],
    ]);
  });
});
