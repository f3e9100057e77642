/**
 * Regression test: a retried schedule occurrence that runs beside the next occurrence (two
 * slots of one worker, or two processes) ended the schedule on PostgreSQL. Each run queued
 * the next occurrence only if no other occurrence of the schedule was queued; each saw the
 * other, still queued while it ran, so neither planned one, both committed, and nothing was
 * queued any more until a process restarted. Now each run plans the occurrence after its own
 * moment, keyed by it, and the two plans collapse into one queued job.
 */
import { action, defineApp, entity, f } from '@ninefold/spec';
import { createTestApp } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';

const state = { failures: 0 };

const app = defineApp({
  about: { name: 'Overlap', summary: 'Schedules overlapping.', audience: 'Review.' },
  roles: { member: { signUp: true }, admin: { admin: true } },
  entities: {
    ticks: entity({
      title: 'label',
      fields: { label: f.text({ min: 1, max: 40 }), at: f.text({ min: 1, max: 40 }) },
      access: { read: { member: true } },
    }),
  },
  actions: {
    tick: action({
      who: { admin: true },
      input: { label: f.text({ min: 1, max: 40 }) },
      output: {},
      handler: async ({ input, now, elevated }) => {
        if (state.failures > 0) {
          state.failures -= 1;
          throw new Error('down');
        }
        // A run that takes a moment (a report, a sync): long enough for runs to overlap.
        await new Promise((r) => setTimeout(r, 300));
        await elevated.create('ticks', { label: input.label, at: now.toISOString() });
        return {};
      },
    }),
  },
  schedules: { minutely: { cron: '* * * * *', action: 'tick', input: { label: 'm' } } },
});

describe.each(DIALECTS)('a schedule on %s', (dialect) => {
  it('keeps an occurrence queued after a retried run overlaps the next one', async () => {
    await using t = await createTestApp(app, {
      database: dialect === 'sqlite' ? 'sqlite-file' : 'postgres',
      clock: '2031-06-01T09:30:30.000Z',
      listen: false,
    });
    const queued = async () =>
      t.db.all<{ runAt: string }>(
        t.db.qb
          .selectFrom('nf_jobs')
          .select(['runAt'])
          .where('kind', '=', 'schedule')
          .where('status', '=', 'queued'),
      );
    // 09:31 fails once: it is retried in ~5 s, and 09:32 is queued meanwhile.
    state.failures = 1;
    t.clock.set('2031-06-01T09:31:00.000Z');
    await t.runJobs();
    expect(await queued()).toHaveLength(2);
    // At 09:32 both are due: the worker's slots run them side by side.
    t.clock.set('2031-06-01T09:32:00.000Z');
    await t.runJobs();
    // Both ran; the schedule must go on with 09:33.
    const ticks = await t.db.all(t.db.qb.selectFrom('ticks').select('at'));
    expect(ticks).toHaveLength(2);
    expect((await queued()).map((j) => new Date(j.runAt).toISOString())).toEqual([
      '2031-06-01T09:33:00.000Z',
    ]);
  });
});
