/**
 * Runs one occurrence of a schedule's action as the system, and queues the next.
 */
import type { JobHandler } from '../../jobs/job-types';
import { runAction } from '../actions/run-action';
import { planNext, plannedBy } from './schedule-next';
import { systemScope } from './trigger-on';

/**
 * The `scheduleJob` job handler. The action and the next occurrence commit with the job's
 * settling. The next is the first after both now and this occurrence: occurrences missed
 * while no process ran are run once, not once each. A failing occurrence still queues the
 * next one (then is tried again with backoff): a broken run never stops the schedule. Runs
 * that overlap plan the same next occurrence, queued once (schedule-next.ts).
 * @example handlers: { ..., schedule: scheduleJob }
 */
export const scheduleJob: JobHandler = async ({ job, app, db, now, settleWith }) => {
  const schedule = Object.hasOwn(app.schedules, job.name) ? app.schedules[job.name] : undefined;
  // Gone from the spec or changed since it was planned: planSchedules, at start, plans anew.
  if (!schedule || !plannedBy(schedule, job.payload)) return;
  const due = new Date(job.runAt);
  const after = due > now ? due : now;
  try {
    await settleWith(async (scope) => {
      await runAction(systemScope(scope), schedule.action, schedule.input);
      await planNext(scope.exec, schedule, after, now);
    });
  } catch (error) {
    // Planned on its own, as the failed run's transaction was rolled back. Should this fail
    // too, the retry plans it, or the next start does (planSchedules).
    await db.transaction((tx) => planNext(tx, schedule, after, now)).catch(() => {});
    throw error;
  }
};
