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
 * Takes up to `limit` jobs due at `now` that nobody holds, oldest due first, holding each
 * until `lease`. One statement: on PostgreSQL the due rows are locked as they are chosen and
 * those another process is taking are passed over (the dialect's `skipLocked`), so several
 * processes take different jobs and never wait on each other; on SQLite the one writer runs
 * it whole. The choice is a materialized CTE: as an `in (subquery)`, PostgreSQL may run the
 * subquery again for each row it updates, and each run skips the rows the last one locked —
 * taking every due job, not `limit` (a regression test holds this). The conditions are asked
 * again on the rows updated, so a row another process took between the choice and the update
 * is left alone.
 * @example const jobs = await claimJobs(db, now.toISOString(), lease, 4);
 */
export async function claimJobs(db: Database, now: string, lease: string, limit: number): Promise<JobRow[]> {
  const free = sql`status = 'queued' and ${sql.ref('runAt')} <= ${now} and (${sql.ref('lockedUntil')} is null or ${sql.ref('lockedUntil')} <= ${now})`;
  // On the writer: SQLite's readers are read-only connections.
  const rows = await db.transaction((tx) =>
    tx.all<StoredJob>(
      sql`with picked as materialized (
          select id from nf_jobs where ${free}
          order by ${sql.ref('runAt')}, id limit ${limit}${tx.dialect.skipLocked}
        )
        update nf_jobs set ${sql.ref('lockedUntil')} = ${lease}
        where id in (select id from picked) and ${free}
        returning *`.compile(tx.qb),
    ),
  );
  return rows.map(jobRow).sort((a, b) => (a.runAt < b.runAt ? -1 : a.runAt > b.runAt ? 1 : 0));
}

/** How a job ends a run: done, queued again for later, dead, or let go untried. */
export type JobSettling =
  | { readonly status: 'done'; readonly attempts: number; readonly finishedAt: string }
  | { readonly status: 'queued'; readonly attempts: number; readonly runAt: string; readonly error: string }
  | {
      readonly status: 'dead';
      readonly attempts: number;
      readonly finishedAt: string;
      readonly error: string;
    }
  | { readonly status: 'released' };

/**
 * Settles a job this process holds under `lease`; false when it no longer holds it (the lease
 * ran out and another took it, or it was planned again or cancelled meanwhile).
 * @example if (!(await settleJob(tx, job.id, lease, { status: 'done', attempts: 1, finishedAt }))) throw lost;
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
      .set(status === 'released' ? { lockedUntil: null } : { status, ...change, lockedUntil: null })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('lockedUntil', '=', lease),
  );
  return changed === 1;
}
