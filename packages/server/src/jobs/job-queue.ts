/**
 * The queue's rows (nf_jobs): queueing a job inside a write's transaction, and cancelling
 * the queued job of a key. Taking, settling and listing are the worker's (job-worker.ts).
 */

import { uuid7 } from '../core/uuid7';
import type { Executor } from '../db/database';
import type { NewJob } from './job-types';

/**
 * Tries before a job is dead, unless it says otherwise.
 * @example expect(job.attempts).toBe(JOB_ATTEMPTS)
 */
export const JOB_ATTEMPTS = 5;

/**
 * Queues a job in `exec`'s transaction; with a key, the queued job of that key is replaced
 * (its time, payload and record), not joined. Returns the job's id.
 * @example await enqueueJob(tx, { kind: 'action', name: 'sendDigest', payload: { input: {} }, runAt: now }, now);
 */
export async function enqueueJob(exec: Executor, job: NewJob, now: Date): Promise<string> {
  const values = {
    payload: JSON.stringify(job.payload),
    runAt: job.runAt.toISOString(),
    entity: job.entity ?? null,
    recordId: job.recordId ?? null,
  };
  if (job.key) {
    const [queued] = await exec.all<{ id: string }>(
      exec.qb.selectFrom('nf_jobs').select('id').where('key', '=', job.key).where('status', '=', 'queued'),
    );
    if (queued) {
      // A process running it now loses its lease: its settling finds none and undoes what it
      // did, and the job runs at its new time instead.
      await exec.run(
        exec.qb
          .updateTable('nf_jobs')
          .set({ ...values, lockedUntil: null })
          .where('id', '=', queued.id),
      );
      return queued.id;
    }
  }
  const id = uuid7(now.getTime());
  await exec.run(
    exec.qb.insertInto('nf_jobs').values({
      id,
      kind: job.kind,
      name: job.name,
      key: job.key ?? null,
      ...values,
      status: 'queued',
      attempts: 0,
      maxAttempts: job.maxAttempts ?? JOB_ATTEMPTS,
      lockedUntil: null,
      createdAt: now.toISOString(),
      finishedAt: null,
      error: null,
    }),
  );
  return id;
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
