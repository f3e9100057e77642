/**
 * One job taken under a lease: its kind's handler run, and the job settled by what came of it
 * — done with the handler's effect (in one transaction, when it calls `settleWith`), queued
 * again after a backoff, dead, or let go untried when the worker is closing.
 */
import type { Core } from '../core/ninefold-core';
import { isFinalFailure, jobBackoffMs, jobError } from './job-backoff';
import { settleJob } from './job-claims';
import type { JobContext, JobRow } from './job-types';
import type { JobWorkerSetup } from './job-worker';

/**
 * Thrown inside `settleWith` when the job is no longer this process's: its transaction rolls
 * back, so what the handler did there is undone, and the job is left to whoever has it now.
 * @example if (error instanceof LeaseLost) return;
 */
export class LeaseLost extends Error {
  constructor(id: string) {
    super(`job ${id}: its lease was lost, its effect undone`);
    this.name = 'LeaseLost';
  }
}

/** What a run needs of its worker besides the setup. */
export interface JobRun {
  readonly lease: string;
  readonly signal: AbortSignal;
  /** True once the worker is closing: a failure then lets the job go without counting it. */
  readonly closing: () => boolean;
}

/**
 * Runs a job this process has taken until `run.lease` (its attempt counted by the taking); resolves once it is settled (never
 * rejects for the job's own failure).
 * @example await runJob(setup, job, { lease, signal, closing: () => false });
 */
export async function runJob(setup: JobWorkerSetup, job: JobRow, run: JobRun): Promise<void> {
  const { core, app, db } = setup;
  const handler = setup.handlers[job.kind];
  let settled = false;
  const settleWith: JobContext['settleWith'] = async (fn) => {
    const result = await core.write(
      null,
      async (scope) => {
        const value = await fn(scope);
        const done = await settleJob(scope.exec, job.id, run.lease, {
          status: 'done',
          finishedAt: scope.now.toISOString(),
        });
        if (!done) throw new LeaseLost(job.id);
        return value;
      },
      true,
    );
    settled = true;
    return result;
  };
  try {
    if (!handler) throw new Error(`no handler for jobs of kind '${job.kind}'`);
    const ctx: JobContext = {
      job,
      app,
      core,
      db,
      now: core.now(),
      webhooks: setup.webhooks,
      settleWith,
      signal: run.signal,
    };
    await handler(ctx);
    if (!settled)
      await settleJob(db, job.id, run.lease, { status: 'done', finishedAt: core.now().toISOString() });
  } catch (error) {
    if (error instanceof LeaseLost) return;
    await failed(setup, core, job, run, error);
  }
}

async function failed(setup: JobWorkerSetup, core: Core, job: JobRow, run: JobRun, error: unknown) {
  if (run.closing()) {
    // Cut short by the shutdown, not failed: the next process runs it afresh, the attempt
    // counted when it was taken given back.
    await settleJob(setup.db, job.id, run.lease, {
      status: 'released',
      attempts: Math.max(job.attempts - 1, 0),
    });
    return;
  }
  // Counted when the job was taken (job-claims.ts): this run is attempt `job.attempts`.
  const attempts = job.attempts;
  const message = jobError(setup.app, error);
  const now = core.now();
  const dead = attempts >= job.maxAttempts || isFinalFailure(setup.app, error);
  const mine = await settleJob(
    setup.db,
    job.id,
    run.lease,
    dead
      ? { status: 'dead', attempts, finishedAt: now.toISOString(), error: message }
      : {
          status: 'queued',
          attempts,
          runAt: new Date(now.getTime() + jobBackoffMs(attempts)).toISOString(),
          error: message,
        },
  );
  if (mine)
    setup.log?.(
      `job ${job.kind} '${job.name}' ${job.id} ${dead ? 'is dead' : 'will be tried again'} after attempt ${attempts}: ${message}`,
    );
}
