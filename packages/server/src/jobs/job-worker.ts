/**
 * The job worker: runs what the queue (nf_jobs) holds when it is due. It looks every
 * `pollMs` and when woken (`kick`); takes due jobs under a lease, so several processes on one
 * database never run a job at once; runs each kind's handler; retries a failure with backoff
 * until the job is dead.
 */
import type { App, JobEntry } from '@ninefold/spec';
import type { Core } from '../core/ninefold-core';
import type { Database } from '../db/database';
import { firstLine } from '../workers/first-line';
import { WakeLoop } from '../workers/wake-loop';
import { claimJobs } from './job-claims';
import { type JobQuery, listJobs, retryJob } from './job-entries';
import { sweepJobs } from './job-retention';
import type { JobHandler, JobKind, WebhookTargets } from './job-types';
import { runJob } from './run-job';

export type { JobQuery } from './job-entries';

const POLL_MS = 1_000;
const LEASE_MS = 60_000;
// On SQLite too: the jobs' commits share fsyncs (group commit), so four at once fire about
// three times as many timers a second as one (bench: timers).
const CONCURRENCY = 4;
/** How often settled jobs past their retention are deleted, by the app's clock. */
const SWEEP_MS = 3_600_000;

/**
 * What a JobWorker runs on.
 * @example new JobWorker({ app, db, core, handlers, webhooks: {} })
 */
export interface JobWorkerSetup {
  readonly app: App;
  readonly db: Database;
  readonly core: Core;
  readonly handlers: { readonly [K in JobKind]?: JobHandler };
  readonly webhooks: WebhookTargets;
  /** Where a failure that is not a job's own is told (a broken database, say). */
  readonly log?: (message: string) => void;
}

/** How the worker runs. */
export interface JobWorkerOptions {
  /** How often it looks at the queue (default 1000 ms). */
  readonly pollMs?: number;
  /** How long a process holds a job it runs (default 60 s). */
  readonly leaseMs?: number;
  /** Jobs run at once by this process (default 4). */
  readonly concurrency?: number;
  /**
   * Runs jobs only when `runDue` is called: no polling, no waking after writes (the test
   * kit's default, so a moved clock fires nothing behind a test's back).
   */
  readonly manual?: boolean;
}

/**
 * @example
 * const jobs = new JobWorker(setup, { pollMs: 1000 });
 * jobs.start();
 * // in a test, after moving the clock:
 * await jobs.runDue();
 * await jobs.close();
 */
export class JobWorker {
  readonly #setup: JobWorkerSetup;
  readonly #options: JobWorkerOptions;
  readonly #abort = new AbortController();
  readonly #loop: WakeLoop;
  #sweptAt = Number.NEGATIVE_INFINITY;

  constructor(setup: JobWorkerSetup, options: JobWorkerOptions = {}) {
    this.#setup = setup;
    this.#options = options;
    this.#loop = new WakeLoop(
      () => this.#pass(),
      (e) => setup.log?.(`jobs: ${firstLine(e)}`),
    );
  }

  /** Looks at the queue every `pollMs` until closed (not when `manual`). */
  start(): void {
    if (!this.#options.manual) this.#loop.start(this.#options.pollMs ?? POLL_MS);
  }

  /** Runs what is due soon, without waiting: after a write that queued a job has committed. */
  kick(): void {
    if (!this.#options.manual) this.#loop.kick();
  }

  /**
   * Runs every job due now (after any pass already running), the jobs they queue that are due
   * too, until none is left; resolves with how many it settled.
   * @example t.clock.advance({ days: 8 }); await t.nf.jobs.runDue();
   */
  runDue(): Promise<number> {
    return this.#loop.run();
  }

  /**
   * The newest jobs first, as `GET /api/jobs` lists them.
   * @example (await nf.jobs.list({ kind: 'webhook', status: 'dead' })).length
   */
  list(query: JobQuery = {}): Promise<JobEntry[]> {
    return listJobs(this.#setup.db, this.#setup.core.now(), query);
  }

  /**
   * Queues a dead or cancelled job to run now, its attempts counted afresh; null when there
   * is no such job, false when it is queued or done.
   * @example await nf.jobs.retry(id)
   */
  async retry(id: string): Promise<JobEntry | null | false> {
    const entry = await retryJob(this.#setup.db, id, this.#setup.core.now());
    if (entry) this.kick();
    return entry;
  }

  /** Stops taking jobs, tells running handlers to give up, and waits for them to settle. */
  async close(): Promise<void> {
    const closing = this.#loop.close();
    this.#abort.abort();
    await closing;
  }

  async #pass(): Promise<number> {
    // A rolling pool: a slot that frees takes the next due job at once, so one slow job
    // (a webhook's timeout) never holds the others back.
    const running = new Set<Promise<void>>();
    const failures: unknown[] = [];
    let settled = 0;
    try {
      await this.#sweep();
      const { db, core, log } = this.#setup;
      const slots = this.#options.concurrency ?? CONCURRENCY;
      const leaseMs = this.#options.leaseMs ?? LEASE_MS;
      while (!this.#loop.closed) {
        const free = slots - running.size;
        const now = core.now();
        const lease = new Date(now.getTime() + leaseMs).toISOString();
        const { jobs, dead } =
          free > 0 ? await claimJobs(db, now.toISOString(), lease, free) : { jobs: [], dead: [] };
        for (const job of dead) log?.(`job ${job.kind} '${job.name}' ${job.id} is dead: ${job.error}`);
        settled += dead.length;
        if (jobs.length === 0 && dead.length === 0 && running.size === 0) break;
        const run = { lease, signal: this.#abort.signal, closing: () => this.#loop.closed };
        for (const job of jobs) {
          // runJob settles its job's own failure; what it still throws (the database gone
          // while settling) is kept for the pass to throw once its jobs are done, so no run
          // is left unobserved.
          const done: Promise<void> = runJob(this.#setup, job, run)
            .catch((e: unknown) => {
              failures.push(e);
            })
            .finally(() => {
              running.delete(done);
              settled += 1;
            });
          running.add(done);
        }
        if (running.size > 0 && (jobs.length + dead.length < free || free === 0)) await Promise.race(running);
      }
      await Promise.allSettled(running);
      if (failures.length > 0) throw failures[0];
      return settled;
    } finally {
      // Also when taking jobs failed: the pass ends only once the jobs it started have, so
      // `close()` and the next pass never run beside them.
      await Promise.allSettled(running);
    }
  }

  async #sweep(): Promise<void> {
    const now = this.#setup.core.now();
    if (now.getTime() - this.#sweptAt < SWEEP_MS) return;
    this.#sweptAt = now.getTime();
    await sweepJobs(this.#setup.db, now);
  }
}
