/**
 * The queue as the admin console sees it: jobs listed newest first (a job being run shows
 * `running`), and a dead or cancelled job queued again. Both read the rows alone, so a server
 * without a worker of its own answers the same.
 */
import type { JobEntry } from '@ninefold/spec';
import type { Database, Executor } from '../db/database';
import type { JobKind, JobRow } from './job-types';

/**
 * What `list` takes.
 * @example await listJobs(db, now, { kind: 'webhook', status: 'dead', limit: 20 })
 */
export interface JobQuery {
  readonly status?: JobEntry['status'];
  readonly kind?: JobKind;
  /** At most this many (default 50, at most `JOB_LIST_MAX`). */
  readonly limit?: number;
  /** Older than this job id (the console's next page). */
  readonly before?: string;
}

/**
 * The most jobs one page lists.
 * @example listJobs(db, now, { limit: JOB_LIST_MAX })
 */
export const JOB_LIST_MAX = 200;
/** How many jobs a page lists unless asked for another number. */
export const JOB_LIST_DEFAULT = 50;

type EntryRow = Omit<JobRow, 'payload' | 'key' | 'maxAttempts'>;

const COLUMNS = [
  'id',
  'kind',
  'name',
  'status',
  'entity',
  'recordId',
  'attempts',
  'runAt',
  'lockedUntil',
  'createdAt',
  'finishedAt',
  'error',
] as const;

function entry(row: EntryRow, now: string): JobEntry {
  const running = row.status === 'queued' && row.lockedUntil !== null && row.lockedUntil > now;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: running ? 'running' : row.status,
    entity: row.entity ?? null,
    recordId: row.recordId ?? null,
    attempts: Number(row.attempts),
    runAt: row.runAt,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt ?? null,
    error: row.error ?? null,
  };
}

/**
 * The newest jobs first (ids are time-ordered), as `GET /api/jobs` lists them.
 * @example (await listJobs(db, new Date(), { status: 'running' })).map((j) => j.name)
 */
export async function listJobs(db: Executor, now: Date, query: JobQuery = {}): Promise<JobEntry[]> {
  const at = now.toISOString();
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? JOB_LIST_DEFAULT), 1), JOB_LIST_MAX);
  let q = db.qb
    .selectFrom('nf_jobs')
    .select([...COLUMNS])
    .orderBy('id', 'desc')
    .limit(limit);
  if (query.kind) q = q.where('kind', '=', query.kind);
  if (query.before) q = q.where('id', '<', query.before);
  if (query.status === 'running') q = q.where('status', '=', 'queued').where('lockedUntil', '>', at);
  else if (query.status === 'queued')
    q = q
      .where('status', '=', 'queued')
      .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<=', at)]));
  else if (query.status) q = q.where('status', '=', query.status);
  const rows = await db.all<EntryRow>(q);
  return rows.map((r) => entry(r, at));
}

/**
 * One job as the console shows it, or null.
 * @example await jobEntry(db, id, new Date())
 */
export async function jobEntry(db: Executor, id: string, now: Date): Promise<JobEntry | null> {
  const [row] = await db.all<EntryRow>(
    db.qb
      .selectFrom('nf_jobs')
      .select([...COLUMNS])
      .where('id', '=', id),
  );
  return row ? entry(row, now.toISOString()) : null;
}

/**
 * Queues a dead or cancelled job to run at `now`, its attempts counted afresh (its last error
 * kept until it runs again). Null when there is no such job; false when it is queued or done,
 * or when another job of its key is queued already (a timer planned anew since).
 * @example const again = await retryJob(db, id, new Date()); if (again === false) conflict();
 */
export async function retryJob(db: Database, id: string, now: Date): Promise<JobEntry | null | false> {
  const at = now.toISOString();
  const queueAgain = db.transaction(async (tx) => {
    const [row] = await tx.all<{ status: JobRow['status']; key: string | null }>(
      tx.qb.selectFrom('nf_jobs').select(['status', 'key']).where('id', '=', id),
    );
    if (!row) return null;
    if (row.status === 'queued' || row.status === 'done') return false;
    if (row.key) {
      const [taken] = await tx.all(
        tx.qb.selectFrom('nf_jobs').select('id').where('key', '=', row.key).where('status', '=', 'queued'),
      );
      if (taken) return false;
    }
    const changed = await tx.run(
      tx.qb
        .updateTable('nf_jobs')
        .set({ status: 'queued', runAt: at, attempts: 0, lockedUntil: null, finishedAt: null })
        .where('id', '=', id)
        .where('status', '=', row.status),
    );
    return changed === 1;
  });
  // A job of its key queued between the look and the update (a timer planned anew by a write
  // beside this one) meets it in the unique index of queued keys: the same answer as above.
  const outcome = await queueAgain.catch((error: unknown) => {
    if (db.dialect.classify(error) === 'unique') return false as const;
    throw error;
  });
  if (outcome !== true) return outcome;
  return jobEntry(db, id, now);
}
