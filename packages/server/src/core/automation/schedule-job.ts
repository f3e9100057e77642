/**
 * Runs one occurrence of a schedule's action as the system, and queues the next.
 */
import type { JobHandler } from '../../jobs/job-types';

/**
 * The `scheduleJob` job handler.
 * @example handlers: { ..., scheduleJob }
 */
export const scheduleJob: JobHandler = async () => {
  throw new Error('not built yet');
};
