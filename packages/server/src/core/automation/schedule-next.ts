/**
 * A schedule's next occurrence: when its cron expression next comes round in its zone, and
 * the one queued job that waits for it.
 *
 * Each occurrence is a job of its own, keyed `schedule:<name>:<moment>`. One key for every
 * occurrence would not do: an occurrence queues the next in the same transaction that settles
 * it, while its own row is still queued, so one key would find the running job instead of
 * adding one. A key per occurrence keeps them apart, and runs or processes that plan the same
 * occurrence meet on the unique index of queued keys: the first queues it, the others leave
 * it be (never replace it: another process may be running it).
 */
import type { ScheduleNode } from '@ninefold/spec';
import { Cron } from 'croner';
import type { Executor } from '../../db/database';
import { queueJobOnce } from '../../jobs/job-queue';

/**
 * What a schedule's job carries: the expression it was planned by, to notice a change.
 * @example { cron: '30 2 * * *', zone: 'Europe/Zurich' }
 */
export type SchedulePayload = {
  readonly cron: string;
  readonly zone: string;
};

/**
 * The lock under which schedules are planned, so processes starting together agree.
 * @example await tx.dialect.lockKey(tx, SCHEDULE_LOCK);
 */
export const SCHEDULE_LOCK = 7_236_029;

const PATTERNS = new Map<string, Cron>();

function pattern(schedule: ScheduleNode): Cron {
  const key = `${schedule.zone} ${schedule.cron}`;
  let cron = PATTERNS.get(key);
  if (!cron) {
    try {
      // No function: croner only reads the pattern here, it schedules nothing.
      cron = new Cron(schedule.cron, { timezone: schedule.zone });
    } catch (e) {
      throw new Error(`Schedule ${schedule.name}: ${(e as Error).message}`);
    }
    PATTERNS.set(key, cron);
  }
  return cron;
}

/**
 * The first moment after `after` the schedule's expression matches, read in its zone (null:
 * it never comes again). A local time skipped by a clock change runs at the first moment
 * after the gap; one repeated runs once, the first time.
 * @example nextOccurrence(schedule, new Date('2030-01-01T00:00:00Z')) // 2030-01-01T01:00:00Z for '0 2 * * *' in Europe/Zurich
 */
export function nextOccurrence(schedule: ScheduleNode, after: Date): Date | null {
  return pattern(schedule).nextRun(after);
}

/**
 * Whether a queued job was planned by the schedule as the spec now declares it.
 * @example if (!plannedBy(schedule, job.payload)) await cancel(job);
 */
export function plannedBy(schedule: ScheduleNode | undefined, payload: unknown): boolean {
  const p = (typeof payload === 'string' ? JSON.parse(payload) : payload) as Partial<SchedulePayload> | null;
  return !!schedule && p?.cron === schedule.cron && p?.zone === schedule.zone;
}

/**
 * Queues the schedule's occurrence next after `after`, unless it is queued already (planned
 * by another run, or by another process). Returns its moment, or null when it never comes.
 *
 * Each run plans from its own moment and none looks at what else is queued: runs that
 * overlap (a retried occurrence beside the next one, on two processes) plan the same next
 * occurrence and collapse on its key, where runs that each waited for the other to plan
 * would leave the schedule with none. In steady state that is one queued occurrence; a
 * failed run waiting for its retry makes two, and a retry that runs after the following
 * occurrence was due can plan one more, every one of them a real occurrence, run once.
 * @example await planNext(tx, schedule, now, now);
 */
export async function planNext(
  exec: Executor,
  schedule: ScheduleNode,
  after: Date,
  now: Date,
): Promise<Date | null> {
  const at = nextOccurrence(schedule, after);
  if (!at) return null;
  const payload: SchedulePayload = { cron: schedule.cron, zone: schedule.zone };
  await queueJobOnce(
    exec,
    {
      kind: 'schedule',
      name: schedule.name,
      key: `schedule:${schedule.name}:${at.toISOString()}`,
      payload,
      runAt: at,
    },
    now,
  );
  return at;
}
