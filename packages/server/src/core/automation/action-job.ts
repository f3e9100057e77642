/**
 * Runs an action as the system, queued by a handler's `schedule`.
 */
import type { JobHandler } from '../../jobs/job-types';
import { runAction } from '../actions/run-action';

/**
 * The `action` job: its payload's `input` handed to the action named by the job, run as the
 * system in the write that settles the job — its effect and the job's end commit together.
 * An action no longer in the spec (NOT_FOUND) or an input it refuses ends the job dead.
 * @example handlers: { action: actionJob }
 */
export const actionJob: JobHandler = async ({ job, settleWith }) => {
  await settleWith((scope) => runAction(scope, job.name, job.payload.input ?? {}));
};
