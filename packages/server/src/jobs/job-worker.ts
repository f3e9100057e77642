/**
 * The job worker: runs what the queue (nf_jobs) holds when it is due. It looks every
 * `pollMs` and when woken (`kick`); takes due jobs under a lease, so several processes on one
 * database never run a job at once; runs each kind's handler; retries a failure with backoff
 * until the job is dead.
 */
import type { App, JobEntry } from '@ninefold/spec';
import type { Core } from '../core/ninefold-core';
import type { Database } from '../db/database';
import type { JobHandler, JobKind, WebhookTargets } from './job-types';

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
  /** Jobs run at once by this process (default 4 on PostgreSQL, 1 on SQLite). */
  readonly concurrency?: number;
  /**
   * Runs jobs only when `runDue` is called: no polling, no waking after writes (the test
   * kit's default, so a moved clock fires nothing behind a test's back).
   */
  readonly manual?: boolean;
}

/** What `list` takes. */
export interface JobQuery {
  readonly status?: JobEntry['status'];
  readonly kind?: JobKind;
  readonly limit?: number;
  /** Older than this job id (the console's next page). */
  readonly before?: string;
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

  constructor(setup: JobWorkerSetup, options: JobWorkerOptions = {}) {
    this.#setup = setup;
    this.#options = options;
  }

  /** Looks at the queue every `pollMs` until closed. */
  start(): void {
    void this.#setup;
    void this.#options;
  }

  /** Runs what is due soon, without waiting: after a write that queued a job has committed. */
  kick(): void {}

  /**
   * Runs every job due now (after any pass already running), the jobs they queue that are due
   * too, until none is left; resolves with how many it settled.
   * @example t.clock.advance({ days: 8 }); await t.nf.jobs.runDue();
   */
  async runDue(): Promise<number> {
    return 0;
  }

  /**
   * The newest jobs first, as `GET /api/jobs` lists them.
   * @example (await nf.jobs.list({ kind: 'webhook', status: 'dead' })).length
   */
  async list(_query: JobQuery = {}): Promise<JobEntry[]> {
    return [];
  }

  /**
   * Queues a dead or cancelled job to run now, its attempts counted afresh; null when there
   * is no such job, false when it is queued or done.
   * @example await nf.jobs.retry(id)
   */
  async retry(_id: string): Promise<JobEntry | null | false> {
    return null;
  }

  /** Stops taking jobs and waits for those running. */
  async close(): Promise<void> {}
}
