/**
 * Runs a trigger queued as a job (`run: 'job'`): its effect and the job's settling commit
 * together, so a crash or a lost lease never does it twice.
 */
import type { JobHandler } from '../../jobs/job-types';
import type { TriggerPayload } from './run-triggers';
import { triggerOn } from './trigger-on';

/**
 * The `triggerJob` job handler. A transition is taken on its record as it is now — gone,
 * nothing happens; no longer in a state the transition starts from, the job is refused
 * (dead, in the console). An action runs with the input worked out when the event happened,
 * even if its record has gone since: the event did happen.
 * @example handlers: { ..., trigger: triggerJob }
 */
export const triggerJob: JobHandler = async ({ job, app, settleWith }) => {
  const trigger = Object.hasOwn(app.triggers, job.name) ? app.triggers[job.name] : undefined;
  // A trigger taken out of the spec since the event: nothing is left to do.
  if (!trigger) return;
  const payload = job.payload as unknown as TriggerPayload;
  await settleWith(async (scope) => {
    if (trigger.transition) {
      const target = payload.target ?? { entity: payload.entity, id: payload.id };
      const record = await scope.load(target.entity, target.id, true);
      if (!record) return;
      // The target is already found: the trigger takes its transition on it, not through a reference.
      const direct = {
        ...trigger,
        on: { ...trigger.on, entity: target.entity },
        transition: { name: trigger.transition.name },
      };
      await triggerOn(scope, direct, record);
    } else {
      await triggerOn(scope, trigger, { id: payload.id }, payload.input ?? {});
    }
  });
};
