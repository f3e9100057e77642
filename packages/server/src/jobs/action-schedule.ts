/**
 * `schedule` for action handlers: another action queued as a job in the action's own
 * transaction, so it runs (as the system) only if the action commits.
 */
import { type App, validateFields } from '@ninefold/spec';
import type { WriteGuard } from '../core/actions/serial-writes';
import type { Executor } from '../db/database';
import { enqueueJob } from './job-queue';

/** When a scheduled action runs: at a moment, or a span from now (default: at once). */
export interface ScheduleWhen {
  readonly at?: Date | string;
  readonly afterMs?: number;
}

/**
 * What an action's `schedule` queues, and how the action waits for it.
 * @example const jobs = actionSchedule(app, tx, now, guard); jobs.schedule('remind', { id }, { afterMs: 60_000 });
 */
export interface ActionSchedule {
  schedule(action: string, input?: Readonly<Record<string, unknown>>, when?: ScheduleWhen): void;
  /** Resolves once every job scheduled so far is queued; rejects if one could not be. */
  settled(): Promise<void>;
}

function refuse(message: string): never {
  // A handler's mistake, not its caller's: answered INTERNAL, and logged with this message.
  throw new Error(`schedule: ${message}`);
}

function runAt(now: Date, when: ScheduleWhen): Date {
  if (when.at !== undefined) {
    const at = new Date(when.at);
    if (Number.isNaN(at.getTime())) refuse(`'at' is not a moment: ${String(when.at)}`);
    return at;
  }
  const after = when.afterMs ?? 0;
  if (!Number.isFinite(after) || after < 0) refuse(`'afterMs' must be a number of ms ≥ 0, not ${after}`);
  return new Date(now.getTime() + after);
}

/**
 * @example const jobs = actionSchedule(app, tx, now, guard); ctx.schedule = jobs.schedule; …; await jobs.settled();
 */
export function actionSchedule(app: App, exec: Executor, now: Date, guard: WriteGuard): ActionSchedule {
  const queued: Promise<unknown>[] = [];
  return {
    schedule: (action, input = {}, when = {}) => {
      const node = Object.hasOwn(app.actions, action) ? app.actions[action] : undefined;
      if (!node)
        refuse(
          `'${action}' is not an action of the app (its actions: ${Object.keys(app.actions).join(', ') || 'none'})`,
        );
      // Checked now, where the mistake is: a job with an input its action refuses would only die.
      const checked = validateFields(node.input, input, { mode: 'input' });
      if (!checked.ok) {
        const paths = checked.issues.map((i) => `${i.path} (${i.code})`).join(', ');
        refuse(`the input of '${action}' is refused: ${paths}`);
      }
      const job = {
        kind: 'action' as const,
        name: action,
        payload: { input: { ...input } },
        runAt: runAt(now, when),
      };
      const insert = guard(() => enqueueJob(exec, job, now));
      // Awaited by settled(); marked handled now so a failure is not an unhandled rejection meanwhile.
      insert.catch(() => {});
      queued.push(insert);
    },
    settled: async () => {
      await Promise.all(queued);
    },
  };
}
