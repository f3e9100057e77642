/**
 * Runs a trigger queued as a job (`run: 'job'`).
 */
import type { JobHandler } from '../../jobs/job-types';

/**
 * The `triggerJob` job handler.
 * @example handlers: { ..., triggerJob }
 */
export const triggerJob: JobHandler = async () => {
  throw new Error('not built yet');
};
