/**
 * Triggers: when a change is the event a trigger listens for, take its transition or run its
 * action as the system — in the write's own transaction, or queued as a job.
 */
import type { ChangeEvent } from '../changes/change-event';
import type { RecordScope } from '../records/record-scope';

/**
 * Runs (or queues) the triggers the changes of a write start.
 * @example await runTriggers(scope, changes);
 */
export async function runTriggers(_scope: RecordScope, _changes: readonly ChangeEvent[]): Promise<void> {}
