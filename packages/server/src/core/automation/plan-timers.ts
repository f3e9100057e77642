/**
 * Timers: for each timed transition and timed event, a job due at the moment its timer
 * names, planned in the write that made it due, planned again when that moment moves, and
 * cancelled when the record leaves the state (or `when` stops holding) first.
 */
import { cancelJob } from '../../jobs/job-queue';
import type { ChangeEvent } from '../changes/change-event';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { timedOwners, timerKey } from './timer-owners';
import { planTimer } from './timer-plan';
import { systemScope } from './trigger-on';

/**
 * Plans, moves or cancels the timers of the records a write changed, in its transaction.
 * Whether a record waits is judged as the system with no caller: a timer fires as the
 * system, whoever wrote the record.
 * @example await planTimers(scope, changes);
 */
export async function planTimers(scope: RecordScope, changes: readonly ChangeEvent[]): Promise<void> {
  let system: RecordScope | undefined;
  for (const change of changes) {
    const owners = timedOwners(scope.app, change.entity);
    if (owners.length === 0) continue;
    system ??= systemScope(scope);
    for (const owner of owners) {
      if (change.after) {
        await planTimer(system, owner, change.after as Rec, {
          before: (change.before as Rec | null) ?? null,
        });
      } else {
        await cancelJob(scope.exec, timerKey(owner, change.id), scope.now);
      }
    }
  }
}
