/**
 * At start: each schedule of the spec has its next occurrence queued (once, whichever
 * process gets there first), and a schedule no longer in the spec has none.
 */
import type { Core } from '../ninefold-core';

/**
 * Queues the next occurrence of every schedule that has none.
 * @example await planSchedules(core);
 */
export async function planSchedules(_core: Core): Promise<void> {}
