/**
 * Regression test: a job that runs longer than its lease, with two processes on one
 * PostgreSQL queue. The lease is not renewed, so the other process takes the job over while
 * it still runs and the first one's settling, its lease gone, rolls back. An attempt counted
 * only at settling, so this went on for ever: the job never finished, never counted an
 * attempt, never went dead (and a job that killed its process — SIGKILL, OOM — ran again for
 * ever the same way). Now taking a job counts its attempt, and one taken with none left is
 * left dead, unrun.
 */
import { createTestApp } from '@ninefold/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core/ninefold-core';
import { openDatabase } from '../../src/db/open-database';
import { OUT_OF_ATTEMPTS } from '../../src/jobs/job-claims';
import { JOB_HANDLERS } from '../../src/jobs/job-handlers';
import { JOB_ATTEMPTS } from '../../src/jobs/job-queue';
import { jobApp, slowReceipts } from '../../src/jobs/job-test-app';
import { JobWorker } from '../../src/jobs/job-worker';
import { PG_URL } from '../test-databases';

describe.skipIf(!PG_URL)('a job longer than its lease, two workers', () => {
  afterEach(() => slowReceipts(0));

  it('ends (done or dead) rather than being taken over for ever', { timeout: 30_000 }, async () => {
    await using t = await createTestApp(jobApp, { database: 'postgres', listen: false });
    const u = await t.createUser('boss');
    await t.core.action({ id: u.id, role: 'boss', email: u.email }, 'enqueueMany', { count: 1 });
    slowReceipts(800);
    let runs = 0;
    const handlers = {
      ...JOB_HANDLERS,
      action: (ctx: Parameters<typeof JOB_HANDLERS.action>[0]) => {
        runs += 1;
        return JOB_HANDLERS.action(ctx);
      },
    };
    const handles = [openDatabase(t.databaseUrl), openDatabase(t.databaseUrl)];
    // Real clocks, as two `ninefold start` processes have; a lease shorter than the run, as a
    // job longer than the default minute meets it (NINEFOLD_JOB_LEASE_MS refuses under 1 s).
    const workers = handles.map(
      (db) =>
        new JobWorker(
          { app: jobApp, db, core: createCore(jobApp, db), handlers, webhooks: {} },
          { pollMs: 50, leaseMs: 300, concurrency: 1 },
        ),
    );
    let seen: unknown;
    try {
      for (const w of workers) w.start();
      await new Promise((r) => setTimeout(r, 6_000));
      // Looked at while both still run (closing one lets the other finish at last).
      const [job] = await t.db.all<{ status: string; attempts: number; error: string | null }>(
        t.db.qb.selectFrom('nf_jobs').select(['status', 'attempts', 'error']),
      );
      const receipts = await t.db.all(t.db.qb.selectFrom('receipts').select('id'));
      seen = {
        status: job?.status,
        attempts: Number(job?.attempts),
        error: job?.error ?? null,
        receipts: receipts.length,
      };
    } finally {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(handles.map((db) => db.close()));
    }
    // Seven times the job's own length: time for every attempt, each run taken over (so
    // undone) by the other process, and for the taking after the last to leave it dead.
    // Should one run escape a takeover, it ends done, its receipt made once.
    expect([
      { status: 'dead', attempts: JOB_ATTEMPTS, error: OUT_OF_ATTEMPTS, receipts: 0 },
      { status: 'done', attempts: expect.any(Number), error: null, receipts: 1 },
    ]).toContainEqual(seen);
    expect(runs).toBeLessThanOrEqual(JOB_ATTEMPTS);
  });
});
