import { createTestApp, testDialects } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database';
import { claimJobs, OUT_OF_ATTEMPTS } from '../../src/jobs/job-claims';
import { enqueueJob } from '../../src/jobs/job-queue';
import { jobApp } from '../../src/jobs/job-test-app';

const NOW = '2030-01-01T00:00:00.000Z';
const lease = (s: number) => new Date(Date.parse(NOW) + s * 1_000).toISOString();

describe.each(testDialects())('claiming jobs on %s', (dialect) => {
  // Regression: as `id in (select … for update skip locked limit n)`, PostgreSQL ran the
  // subquery again per updated row and one claim took all 20 jobs.
  it('takes at most `limit` jobs, oldest due first, and a second handle takes the next ones', async () => {
    await using t = await createTestApp(jobApp, {
      database: dialect === 'sqlite' ? 'sqlite-file' : dialect,
      clock: NOW,
      listen: false,
    });
    for (let i = 0; i < 20; i++)
      await t.db.transaction((tx) =>
        enqueueJob(
          tx,
          {
            kind: 'action',
            name: 'makeReceipt',
            payload: { input: { job: `r${i}` } },
            runAt: new Date(Date.parse(NOW) - (20 - i) * 1_000),
          },
          t.clock.now(),
        ),
      );
    // A job not due yet is never taken.
    await t.db.transaction((tx) =>
      enqueueJob(
        tx,
        { kind: 'action', name: 'later', payload: {}, runAt: new Date(lease(1)) },
        t.clock.now(),
      ),
    );
    const other = openDatabase(t.databaseUrl);
    try {
      const { jobs: first } = await claimJobs(t.db, NOW, lease(60), 4);
      const { jobs: second } = await claimJobs(other, NOW, lease(61), 4);
      expect(first.map((j) => j.payload.input)).toEqual([0, 1, 2, 3].map((i) => ({ job: `r${i}` })));
      expect(second.map((j) => j.payload.input)).toEqual([4, 5, 6, 7].map((i) => ({ job: `r${i}` })));
      expect(
        first.every((j) => j.lockedUntil === lease(60) && j.status === 'queued' && j.attempts === 1),
      ).toBe(true);
      const { jobs: rest } = await claimJobs(other, NOW, lease(62), 100);
      expect(rest.map((j) => j.name)).toEqual(Array(12).fill('makeReceipt'));
      expect(await claimJobs(t.db, NOW, lease(63), 100)).toEqual({ jobs: [], dead: [] });
      // Once a lease has run out, the job is free to take again (and the later one is due).
      const { jobs: again } = await claimJobs(t.db, lease(60), lease(120), 100);
      expect(again.map((j) => j.name)).toEqual([...Array(4).fill('makeReceipt'), 'later']);
    } finally {
      await other.close();
    }
  });

  // Regression: attempts counted only when a run settled, so a job whose runs outlasted their
  // lease (taken over each time) or killed their process ran for ever, never dead.
  it('counts an attempt as it takes a job, and leaves one taken with none left dead, unrun', async () => {
    await using t = await createTestApp(jobApp, { database: dialect, clock: NOW, listen: false });
    const id = await t.db.transaction((tx) =>
      enqueueJob(
        tx,
        { kind: 'action', name: 'makeReceipt', payload: {}, runAt: new Date(NOW), maxAttempts: 3 },
        t.clock.now(),
      ),
    );
    // Three runs that never settle: each lease runs out, and the next taking finds it free.
    for (let i = 1; i <= 3; i++) {
      const taken = await claimJobs(t.db, lease(i * 10), lease(i * 10 + 5), 10);
      expect(taken.jobs.map((j) => [j.id, j.attempts])).toEqual([[id, i]]);
      expect(taken.dead).toEqual([]);
    }
    const last = await claimJobs(t.db, lease(40), lease(45), 10);
    expect(last.jobs).toEqual([]);
    expect(last.dead.map((j) => [j.id, j.status, j.attempts, j.error])).toEqual([
      [id, 'dead', 3, OUT_OF_ATTEMPTS],
    ]);
    const [row] = await t.db.all(t.db.qb.selectFrom('nf_jobs').selectAll());
    expect(row).toMatchObject({
      status: 'dead',
      lockedUntil: null,
      finishedAt: lease(40),
      error: OUT_OF_ATTEMPTS,
    });
    expect(Number(row!.attempts)).toBe(3);
    expect(await claimJobs(t.db, lease(100), lease(105), 10)).toEqual({ jobs: [], dead: [] });
  });
});
