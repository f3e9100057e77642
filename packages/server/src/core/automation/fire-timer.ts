/**
 * Fires a timer: takes its transition, runs its trigger or sends its notification, as the system, if what it waited for still holds.
 */
import type { JobHandler } from '../../jobs/job-types';

/**
 * The `fireTimer` job handler.
 * @example handlers: { ..., fireTimer }
 */
export const fireTimer: JobHandler = async () => {
  throw new Error('not built yet');
};
