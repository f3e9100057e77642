/**
 * Keeping the queue small: jobs settled (done or cancelled) a week ago are deleted. Dead jobs
 * stay until someone retries them or looks: they are what the admin console is for.
 */
import type { Database } from '../db/database';

/**
 * How long a settled job is kept.
 * @example new Date(now.getTime() - JOB_RETENTION_MS)
 */
export const JOB_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Deletes the jobs settled before `now` less the retention; resolves with how many. A done
 * job ran after its `runAt`, so asking for both keeps the delete on the due index's range.
 * @example await sweepJobs(db, core.now())
 */
export async function sweepJobs(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - JOB_RETENTION_MS).toISOString();
  const done = await db.run(
    db.qb
      .deleteFrom('nf_jobs')
      .where('status', '=', 'done')
      .where('runAt', '<', cutoff)
      .where('finishedAt', '<', cutoff),
  );
  const cancelled = await db.run(
    db.qb.deleteFrom('nf_jobs').where('status', '=', 'cancelled').where('finishedAt', '<', cutoff),
  );
  return done + cancelled;
}
