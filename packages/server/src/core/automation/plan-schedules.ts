/**
 * At start: each schedule of the spec has its next occurrence queued (once, whichever
 * process gets there first), and a schedule no longer in the spec — or whose expression or
 * zone changed — has its queued occurrence cancelled (and, if still declared, planned anew).
 */
import { cancelJob } from '../../jobs/job-queue';
import type { Core } from '../ninefold-core';
import { planNext, plannedBy, SCHEDULE_LOCK } from './schedule-next';

/**
 * Queues the next occurrence of every schedule that has none.
 * @example await planSchedules(core);
 */
export async function planSchedules(core: Core): Promise<void> {
  const { app, db } = core;
  await db.transaction(async (tx) => {
    // Processes starting together take turns: the second finds the first's occurrences.
    await tx.dialect.lockKey(tx, SCHEDULE_LOCK);
    const now = core.now();
    const queued = await tx.all<{ name: string; key: string | null; payload: unknown }>(
      tx.qb
        .selectFrom('nf_jobs')
        .select(['name', 'key', 'payload'])
        .where('kind', '=', 'schedule')
        .where('status', '=', 'queued'),
    );
    const waiting = new Set<string>();
    for (const job of queued) {
      const schedule = Object.hasOwn(app.schedules, job.name) ? app.schedules[job.name] : undefined;
      if (plannedBy(schedule, job.payload)) waiting.add(job.name);
      else if (job.key) await cancelJob(tx, job.key, now);
    }
    // A schedule with an occurrence queued (or being run: it plans the next as it settles)
    // is left to it; one with none has its next planned.
    for (const schedule of Object.values(app.schedules))
      if (!waiting.has(schedule.name)) await planNext(tx, schedule, now, now);
  });
}
