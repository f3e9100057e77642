/**
 * The queue's rows (nf_jobs): queueing a job inside a write's transaction, and cancelling
 * the queued job of a key. Taking, settling and listing are the worker's (job-worker.ts).
 *
 * A keyed insert names the partial unique index of queued keys (ix_nf_jobs_key) as its
 * conflict target, so two writes queueing one key at once meet in the index rather than
 * one of them failing on it: the second replaces the first's job, or leaves it be.
 */

import { sql } from 'kysely';
import { uuid7 } from '../core/uuid7';
import type { Executor } from '../db/database';
import type { NewJob } from './job-types';

/**
 * Tries before a job is dead, unless it says otherwise.
 * @example expect(job.attempts).toBe(JOB_ATTEMPTS)
 */
export const JOB_ATTEMPTS = 5;

// The index's own predicate, written as the index has it: PostgreSQL infers a partial index
// as a conflict target only from a predicate that implies the index's (a parameter would not).
const QUEUED = sql<boolean>`status = 'queued'`;

function jobValues(job: NewJob, now: Date) {
  return {
    id: uuid7(now.getTime()),
    kind: job.kind,
    name: job.name,
    key: job.key ?? null,
    payload: JSON.stringify(job.payload),
    runAt: job.runAt.toISOString(),
    entity: job.entity ?? null,
    recordId: job.recordId ?? null,
    status: 'queued',
    attempts: 0,
    maxAttempts: job.maxAttempts ?? JOB_ATTEMPTS,
    lockedUntil: null,
    createdAt: now.toISOString(),
    finishedAt: null,
    error: null,
  };
}

/**
 * Queues a job in `exec`'s transaction; with a key, the queued job of that key is replaced
 * (its time, payload and record), not joined. Returns the job's id.
 * @example await enqueueJob(tx, { kind: 'action', name: 'sendDigest', payload: { input: {} }, runAt: now }, now);
 */
export async function enqueueJob(exec: Executor, job: NewJob, now: Date): Promise<string> {
  const values = jobValues(job, now);
  if (!job.key) {
    await exec.run(exec.qb.insertInto('nf_jobs').values(values));
    return values.id;
  }
  // A process running the replaced job loses its lease (lockedUntil cleared): its settling
  // finds none and undoes what it did, and the job runs at its new time instead.
  const [row] = await exec.all<{ id: string }>(
    exec.qb
      .insertInto('nf_jobs')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('key')
          .where(QUEUED)
          .doUpdateSet((eb) => ({
            payload: eb.ref('excluded.payload'),
            runAt: eb.ref('excluded.runAt'),
            entity: eb.ref('excluded.entity'),
            recordId: eb.ref('excluded.recordId'),
            lockedUntil: null,
          })),
      )
      .returning('id'),
  );
  return row?.id ?? values.id;
}

/**
 * Queues a keyed job unless a job of its key is queued already, which is then left as it is
 * (a schedule's occurrence that another run planned, or that a process is running). Returns
 * the new job's id, or null when one was queued.
 * @example await queueJobOnce(tx, { kind: 'schedule', name, key: `schedule:${name}:${at}`, payload, runAt: at }, now);
 */
export async function queueJobOnce(
  exec: Executor,
  job: NewJob & { readonly key: string },
  now: Date,
): Promise<string | null> {
  const values = jobValues(job, now);
  const added = await exec.run(
    exec.qb
      .insertInto('nf_jobs')
      .values(values)
      .onConflict((oc) => oc.column('key').where(QUEUED).doNothing()),
  );
  return added === 1 ? values.id : null;
}

/**
 * Cancels the queued job of a key, if there is one (a timer whose record left its state).
 * @example await cancelJob(tx, `timer:tickets:close:${id}`, now);
 */
export async function cancelJob(exec: Executor, key: string, now: Date): Promise<void> {
  await exec.run(
    exec.qb
      .updateTable('nf_jobs')
      .set({ status: 'cancelled', finishedAt: now.toISOString(), lockedUntil: null })
      .where('key', '=', key)
      .where('status', '=', 'queued'),
  );
}
