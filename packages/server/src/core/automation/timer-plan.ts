/**
 * Planning one record's timer of one owner: the one decision a write (plan-timers.ts) and a
 * start after the plan changed (replan-timers.ts) share — queue it, move it, leave it, or
 * cancel it.
 */
import type { Executor } from '../../db/database';
import { cancelJob, enqueueJob } from '../../jobs/job-queue';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { timerMoment, timerSince } from './timer-moment';
import { type TimedOwner, type TimerPayload, timerKey } from './timer-owners';

/**
 * A timer job as planning reads it.
 * @example if (job.status === 'dead') … // its transition was refused
 */
export interface TimerJob {
  readonly id: string;
  readonly status: string;
  readonly runAt: string;
  readonly payload: TimerPayload;
}

/**
 * The jobs of one record's timer: the one queued, and the one that came last before.
 * @example const { queued, last } = await timerJobs(tx, close, id);
 */
export interface TimerJobs {
  readonly queued?: TimerJob;
  readonly last?: TimerJob;
}

/**
 * Why a record's timer is planned: a change of it (`before`: the record before it, null for
 * a create), or a start that found its owner's plan changed (`replan: 'changed'`) or newly
 * declared (`replan: 'new'`).
 * @example await planTimer(scope, owner, record, { replan: 'changed' });
 */
export type PlanReason = { readonly before: Rec | null } | { readonly replan: 'new' | 'changed' };

/**
 * Whether a record is in the state its owner waits in: one of a timed transition's `from`
 * states, or a timed event's `when` holding (judged by `scope`, the system with no caller).
 * @example await timerHolds(system, close, ticket) // true while resolved
 */
export async function timerHolds(scope: RecordScope, owner: TimedOwner, record: Rec): Promise<boolean> {
  if (owner.from) {
    const field = scope.entity(owner.entity).states?.field;
    return field !== undefined && owner.from.includes(String(record[field]));
  }
  return owner.when ? scope.holds(owner.when, owner.entity, record) : true;
}

const payloadOf = (v: unknown): TimerPayload => (typeof v === 'string' ? JSON.parse(v) : v) as TimerPayload;

/**
 * The jobs of a record's timer (by its record: that is what nf_jobs indexes besides the
 * queued keys, and a record has few).
 * @example const { queued } = await timerJobs(tx, close, id);
 */
export async function timerJobs(exec: Executor, owner: TimedOwner, id: string): Promise<TimerJobs> {
  const rows = await exec.all<{
    id: string;
    status: string;
    runAt: string;
    payload: unknown;
    finishedAt: string | null;
  }>(
    exec.qb
      .selectFrom('nf_jobs')
      .select(['id', 'status', 'runAt', 'payload', 'finishedAt'])
      .where('entity', '=', owner.entity)
      .where('recordId', '=', id)
      .where('key', '=', timerKey(owner, id)),
  );
  let queued: TimerJob | undefined;
  let last: (TimerJob & { finishedAt: string }) | undefined;
  for (const r of rows) {
    const job = { id: r.id, status: r.status, runAt: r.runAt, payload: payloadOf(r.payload) };
    if (r.status === 'queued') queued = job;
    else if (!last || String(r.finishedAt) > last.finishedAt)
      last = { ...job, finishedAt: String(r.finishedAt) };
  }
  return { ...(queued ? { queued } : {}), ...(last ? { last } : {}) };
}

const sameTime = (a: string | Date, b: Date) =>
  (typeof a === 'string' ? Date.parse(a) : a.getTime()) === b.getTime();

/**
 * Plans, moves, leaves or cancels one record's timer; an unchanged plan writes nothing.
 *
 * A record that entered its state in this change counts from now. One staying keeps the
 * moment its queued job counts from; with none queued, its timer came already (done, or
 * refused: dead), or it never had a moment — so it is planned only when this change moved
 * its moment (its `since` field edited, an amount's field changed), counting from when the
 * timer that came was counting from, else — the best known — from when it was last written.
 *
 * On a start after its owner's plan changed, a queued timer is moved; a record with none is
 * planned unless its timer came already (a job of it is kept) or — for a plan that changed
 * rather than a timer newly declared — its new moment has passed: a week after a timer came
 * its job is swept (job-retention.ts), and an event already told must not be told again.
 * @example await planTimer(system, close, change.after, { before: change.before });
 */
export async function planTimer(
  scope: RecordScope,
  owner: TimedOwner,
  record: Rec,
  reason: PlanReason,
): Promise<void> {
  const { exec, now } = scope;
  const id = String(record.id);
  const key = timerKey(owner, id);
  const before = 'before' in reason ? reason.before : undefined;
  if (!(await timerHolds(scope, owner, record))) {
    // Nothing can be queued for a record that did not wait before this change either.
    if (before === undefined || (before !== null && (await timerHolds(scope, owner, before))))
      await cancelJob(exec, key, now);
    return;
  }
  const jobs = await timerJobs(exec, owner, id);
  const entered = before === null || (before !== undefined && !(await timerHolds(scope, owner, before)));
  const came =
    jobs.last && (jobs.last.status === 'done' || jobs.last.status === 'dead') ? jobs.last : undefined;
  const written = String(before?.updatedAt ?? record.updatedAt);
  const kept = entered ? now.toISOString() : (jobs.queued?.payload.since ?? came?.payload.since ?? written);
  const since = timerSince(owner.timer, record, kept);
  const moment = timerMoment(owner.timer, record, since, scope.rules);
  if (!moment) {
    if (jobs.queued) await cancelJob(exec, key, now);
    return;
  }
  if (jobs.queued) {
    if (sameTime(jobs.queued.runAt, moment) && jobs.queued.payload.since === since) return;
  } else if (!entered && before) {
    const was = timerMoment(owner.timer, before, timerSince(owner.timer, before, kept), scope.rules);
    if (was && sameTime(was, moment)) return;
  } else if ('replan' in reason) {
    if (came || (reason.replan === 'changed' && moment.getTime() <= now.getTime())) return;
  }
  const payload: TimerPayload = { owner: { kind: owner.kind, name: owner.name }, since };
  await enqueueJob(
    exec,
    {
      kind: 'timer',
      name: owner.name,
      key,
      payload: { ...payload },
      runAt: moment,
      entity: owner.entity,
      recordId: id,
    },
    now,
  );
}
