/**
 * Runs an action as the system, queued by a handler's `schedule`.
 */
import type { JobHandler } from '../../jobs/job-types';

/**
 * The `actionJob` job handler.
 * @example handlers: { ..., actionJob }
 */
export const actionJob: JobHandler = async () => {
  throw new Error('not built yet');
};
