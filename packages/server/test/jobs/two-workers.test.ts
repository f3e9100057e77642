/**
 * Two job workers, each on a database handle of its own (as two server processes would be),
 * share one PostgreSQL queue: each of 200 jobs runs exactly once, and both take part.
 */
import { createTestApp } from '@ninefold/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core/ninefold-core';
import { openDatabase } from '../../src/db/open-database';
import { JOB_HANDLERS } from '../../src/jobs/job-handlers';
import { jobApp, slowReceipts } from '../../src/jobs/job-test-app';
import { JobWorker } from '../../src/jobs/job-worker';
import { PG_URL } from '../test-databases';

const JOBS = 200;

describe.skipIf(!PG_URL)('two job workers on one PostgreSQL database', () => {
  afterEach(() => slowReceipts(0));

  it('run each of 200 jobs exactly once between them', { timeout: 60_000 }, async () => {
    await using t = await createTestApp(jobApp, { database: 'postgres', listen: false });
    const u = await t.createUser('boss');
    await t.core.action({ id: u.id, role: 'boss', email: u.email }, 'enqueueMany', { count: JOBS });
    slowReceipts(2);
    const handles = [openDatabase(t.databaseUrl), openDatabase(t.databaseUrl)];
    try {
      const workers = handles.map(
        (db) =>
          new JobWorker(
            { app: jobApp, db, core: createCore(jobApp, db), handlers: JOB_HANDLERS, webhooks: {} },
            { manual: true, concurrency: 4 },
          ),
      );
      const counts = await Promise.all(workers.map((w) => w.runDue()));
      await Promise.all(workers.map((w) => w.close()));
      expect(counts[0]! + counts[1]!).toBe(JOBS);
      expect(Math.min(...counts)).toBeGreaterThan(0);
      const made = await t.db.all<{ job: string; n: number }>(
        t.db.qb
          .selectFrom('receipts')
          .select(['job', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('job'),
      );
      expect(made).toHaveLength(JOBS);
      expect(made.filter((r) => Number(r.n) !== 1)).toEqual([]);
      const states = await t.db.all<{ status: string; attempts: number }>(
        t.db.qb.selectFrom('nf_jobs').select(['status', 'attempts']),
      );
      expect(states.every((s) => s.status === 'done' && Number(s.attempts) === 1)).toBe(true);
    } finally {
      await Promise.all(handles.map((db) => db.close()));
    }
  });
});
