/**
 * Taking due jobs under a lease and settling them. A job being run is `queued` with
 * `lockedUntil` in the future; every settling update names the lease it holds, so a process
 * whose lease ran out (another took the job over), or whose job was planned again meanwhile
 * (`enqueueJob` clears the lease), changes nothing.
 */
import { sql } from 'kysely';
import type { Database, Executor } from '../db/database';
import type { JobRow } from './job-types';

type StoredJob = Omit<JobRow, 'payload'> & { payload: unknown };

/**
 * A row of nf_jobs as the worker uses it: its payload parsed (SQLite hands JSON back as text,
 * PostgreSQL parsed), its counts as numbers.
 * @example const job = jobRow(row); job.payload.input
 */
export function jobRow(row: StoredJob): JobRow {
  const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  return {
    ...row,
    payload: (payload ?? {}) as JobRow['payload'],
    attempts: Number(row.attempts),
    maxAttempts: Number(row.maxAttempts),
  };
}

/**
 * The error of a job that was taken `maxAttempts` times without settling: each run outlasted
 * its lease, or killed the process running it.
 * @example expect(job.error).toBe(OUT_OF_ATTEMPTS)
 */
export const OUT_OF_ATTEMPTS = 'ran out of attempts (it outlasted its lease or its process died)';

/**
 * Takes up to `limit` jobs due at `now` that nobody holds, oldest due first, holding each
 * until `lease` and counting the attempt. One statement: on PostgreSQL the due rows are locked
 * as they are chosen and those another process is taking are passed over (the dialect's
 * `skipLocked`), so several processes take different jobs and never wait on each other; on
 * SQLite the one writer runs it whole. The choice is a materialized CTE: as an
 * `in (subquery)`, PostgreSQL may run the subquery again for each row it updates, and each run
 * skips the rows the last one locked — taking every due job, not `limit` (a regression test
 * holds this). The conditions are asked again on the rows updated, so a row another process
 * took between the choice and the update is left alone.
 *
 * The attempt counts when the job is taken, not when it settles: a job whose run outlasts its
 * lease (and is taken over), or that kills its process, never settles, and would otherwise run
 * for ever. One taken with its attempts used up is not run but left dead (`dead` lists them).
 * @example const { jobs } = await claimJobs(db, now.toISOString(), lease, 4);
 */
export async function claimJobs(
  db: Database,
  now: string,
  lease: string,
  limit: number,
): Promise<{ jobs: JobRow[]; dead: JobRow[] }> {
  const free = sql`status = 'queued' and ${sql.ref('runAt')} <= ${now} and (${sql.ref('lockedUntil')} is null or ${sql.ref('lockedUntil')} <= ${now})`;
  const left = sql`${sql.ref('attempts')} < ${sql.ref('maxAttempts')}`;
  // On the writer: SQLite's readers are read-only connections.
  const rows = await db.transaction(async (tx) => {
    const taken = await tx.all<StoredJob>(
      sql`with picked as materialized (
          select id from nf_jobs where ${free}
          order by ${sql.ref('runAt')}, id limit ${limit}${tx.dialect.skipLocked}
        )
        update nf_jobs set ${sql.ref('lockedUntil')} = ${lease},
          attempts = case when ${left} then attempts + 1 else attempts end,
          status = case when ${left} then 'queued' else 'dead' end
        where id in (select id from picked) and ${free}
        returning *`.compile(tx.qb),
    );
    const dead = taken.filter((row) => row.status === 'dead').map((row) => row.id);
    // Still in the claim's transaction, so no one sees them dead and leased.
    if (dead.length > 0)
      await tx.run(
        tx.qb
          .updateTable('nf_jobs')
          .set({ lockedUntil: null, finishedAt: now, error: OUT_OF_ATTEMPTS })
          .where('id', 'in', dead),
      );
    return taken;
  });
  const jobs = rows.map(jobRow).sort((a, b) => (a.runAt < b.runAt ? -1 : a.runAt > b.runAt ? 1 : 0));
  return {
    jobs: jobs.filter((job) => job.status === 'queued'),
    dead: jobs
      .filter((job) => job.status === 'dead')
      .map((job) => ({ ...job, lockedUntil: null, finishedAt: now, error: OUT_OF_ATTEMPTS })),
  };
}

/**
 * How a job ends a run: done, queued again for later, dead, or let go untried (its attempt,
 * counted when it was taken, given back).
 */
export type JobSettling =
  | { readonly status: 'done'; readonly finishedAt: string }
  | { readonly status: 'queued'; readonly attempts: number; readonly runAt: string; readonly error: string }
  | {
      readonly status: 'dead';
      readonly attempts: number;
      readonly finishedAt: string;
      readonly error: string;
    }
  | { readonly status: 'released'; readonly attempts: number };

/**
 * Settles a job this process holds under `lease`; false when it no longer holds it (the lease
 * ran out and another took it, or it was planned again or cancelled meanwhile).
 * @example if (!(await settleJob(tx, job.id, lease, { status: 'done', finishedAt }))) throw lost;
 */
export async function settleJob(
  exec: Executor,
  id: string,
  lease: string,
  settling: JobSettling,
): Promise<boolean> {
  const { status, ...change } = settling;
  const changed = await exec.run(
    exec.qb
      .updateTable('nf_jobs')
      .set(
        status === 'released' ? { ...change, lockedUntil: null } : { status, ...change, lockedUntil: null },
      )
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('lockedUntil', '=', lease),
  );
  return changed === 1;
}
