/**
 * The job queue's shapes: a job as stored, a job to queue, and what a kind's handler is given.
 */
import type { App, JobKind } from '@ninefold/spec';
import type { Core } from '../core/ninefold-core';
import type { RecordScope } from '../core/records/record-scope';
import type { Database } from '../db/database';

export type { JobKind };

/**
 * A job as its row holds it (`status` as stored: a running job is `queued` under a lease).
 * @example if (job.kind === 'timer') await fireTimer(ctx);
 */
export interface JobRow {
  readonly id: string;
  readonly kind: JobKind;
  readonly name: string;
  readonly key: string | null;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly status: 'queued' | 'done' | 'dead' | 'cancelled';
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly runAt: string;
  readonly lockedUntil: string | null;
  readonly entity: string | null;
  readonly recordId: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly error: string | null;
}

/**
 * A job to queue. With a `key`, it replaces the queued job of that key (a timer planned again).
 * @example await enqueueJob(tx, { kind: 'timer', name: 'close', key: `timer:tickets:close:${id}`, payload: { id }, runAt }, now);
 */
export interface NewJob {
  readonly kind: JobKind;
  readonly name: string;
  readonly key?: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly runAt: Date;
  readonly entity?: string;
  readonly recordId?: string;
  /** Tries before it is dead (default `JOB_ATTEMPTS`). */
  readonly maxAttempts?: number;
}

/** What a running job's handler is given. */
export interface JobContext {
  readonly job: JobRow;
  readonly app: App;
  readonly core: Core;
  readonly db: Database;
  /** The app's clock. */
  readonly now: Date;
  /** Targets and secrets of the spec's webhooks, as configured (webhooks/). */
  readonly webhooks: WebhookTargets;
  /**
   * Runs `fn` as one write of the system in which the job is also settled `done`: its effect
   * and its settling commit together or not at all, so a crash or a lost lease never does
   * it twice. A handler that does not call it is settled when it returns.
   */
  settleWith<T>(fn: (scope: RecordScope) => Promise<T>): Promise<T>;
  /** Aborted when the worker closes: a handler waiting on the network gives up. */
  readonly signal: AbortSignal;
}

/**
 * Runs one job of a kind. It returns when done; an `AppError` with a catalogue code (a
 * transition refused, a record gone) ends the job `dead` at once, since trying again would
 * meet the same answer; any other throw is tried again with backoff until `maxAttempts`.
 * @example const handler: JobHandler = async ({ job, settleWith }) => { await settleWith((s) => …); };
 */
export type JobHandler = (ctx: JobContext) => Promise<void>;

/** Where one webhook of the spec delivers, and the secret it signs with (`whsec_…`). */
export interface WebhookTarget {
  readonly url: string;
  readonly secret: string;
}

/** Per webhook of the spec, its target; one without a target is off (its events are not queued). */
export type WebhookTargets = { readonly [webhook: string]: WebhookTarget | undefined };
