/**
 * Fires a timer: takes its transition, runs its trigger or sends its notification, as the
 * system, if what it waited for still holds.
 */
import type { JobHandler } from '../../jobs/job-types';
import { notifyOn } from '../notifications/notify';
import { runTransition } from '../records/run-transition';
import { timerMoment, timerSince } from './timer-moment';
import { type TimerPayload, timedOwner } from './timer-owners';
import { timerHolds } from './timer-plan';
import { triggerOn } from './trigger-on';

/**
 * The `timer` job handler. In one write with the job's settling, on the record as it is now
 * (its row locked): gone, out of its state, or its moment moved later (planned again while
 * this ran) — nothing happens. Otherwise a transition is taken as the system (its `who`
 * does not apply, its `requires` do: a refusal ends the job dead with its code), a trigger
 * runs, or a notification is sent.
 * @example handlers: { ..., timer: fireTimer }
 */
export const fireTimer: JobHandler = async ({ job, app, settleWith }) => {
  const payload = job.payload as unknown as TimerPayload;
  const entity = job.entity ?? '';
  const id = job.recordId ?? '';
  const owner = timedOwner(app, entity, payload.owner);
  // Taken out of the spec since it was planned: nothing waits for it any more.
  if (!owner) return;
  await settleWith(async (scope) => {
    const record = await scope.load(entity, id, true);
    if (!record || !(await timerHolds(scope, owner, record))) return;
    const moment = timerMoment(
      owner.timer,
      record,
      timerSince(owner.timer, record, payload.since),
      scope.rules,
    );
    if (!moment || moment.getTime() > scope.now.getTime()) return;
    if (owner.kind === 'transition') {
      await runTransition(scope, entity, id, owner.name, {});
    } else if (owner.kind === 'trigger') {
      await triggerOn(scope, app.triggers[owner.name]!, record);
    } else {
      await notifyOn(scope, app.notifications[owner.name]!, record);
    }
  });
};
