/**
 * Issue #17, schedules, per dialect, with a moved clock: each schedule has one occurrence
 * queued at start, runs its action as the system at the cron's times (in its zone, over
 * Zurich's clock changes), runs occurrences missed while down once, keeps going after a
 * failing run, and is planned anew when its expression changes or cancelled when it goes.
 */
import { createNinefold, type Ninefold } from '@ninefold/server';
import { createTestApp, type TestApp } from '@ninefold/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import app, { clockApp, flaky, SCHEDULES } from './schedules-app';

type Clock = typeof app;

describe.each(DIALECTS)('schedules on %s', (dialect) => {
  let t: TestApp<Clock>;
  const others: Ninefold[] = [];

  async function start(at: string): Promise<void> {
    t = await createTestApp(app, {
      database: dialect === 'sqlite' ? 'sqlite-file' : 'postgres',
      clock: at,
      listen: false,
    });
  }
  /** Another server on the same database and clock, as a second process would be. */
  async function another(spec = app): Promise<Ninefold> {
    const nf = await createNinefold(spec, {
      database: t.databaseUrl,
      now: t.clock.now,
      logger: false,
      jobs: { manual: true },
    });
    others.push(nf);
    return nf;
  }
  beforeEach(() => {
    flaky.failures = 0;
  });
  afterEach(async () => {
    for (const nf of others.splice(0)) await nf.close();
    await t?.close();
  });

  const queued = async () =>
    (
      await t.db.all<{ name: string; runAt: unknown; key: string }>(
        t.db.qb
          .selectFrom('nf_jobs')
          .select(['name', 'runAt', 'key'])
          .where('kind', '=', 'schedule')
          .where('status', '=', 'queued')
          .orderBy('name'),
      )
    ).map((j) => ({ name: j.name, runAt: new Date(j.runAt as string).toISOString() }));
  const ticks = async (label: string) =>
    (
      await t.db.all<{ label: string; at: string }>(
        t.db.qb.selectFrom('ticks').select(['label', 'at']).orderBy('at'),
      )
    )
      .filter((x) => x.label === label)
      .map((x) => x.at);

  it('queues each schedule once at start, at its next time in its zone', async () => {
    await start('2031-03-29T12:10:00.000Z');
    expect(await queued()).toEqual([
      { name: 'hourly', runAt: '2031-03-29T13:00:00.000Z' },
      { name: 'nightly', runAt: '2031-03-30T01:00:00.000Z' },
    ]);
    // A second process starting on the same database finds them and adds none.
    await Promise.all([another(), another()]);
    expect(await queued()).toHaveLength(2);
  });

  it('runs at the cron times as the clock moves, over the spring change in Zurich', async () => {
    await start('2031-03-29T22:10:00.000Z');
    const times = ['2031-03-30T01:00:00.000Z', '2031-03-31T00:30:00.000Z', '2031-04-01T00:30:00.000Z'];
    for (const at of times) {
      t.clock.set(new Date(new Date(at).getTime() - 1000));
      await t.runJobs();
      t.clock.set(at);
      await t.runJobs();
    }
    expect(await ticks('nightly')).toEqual(times);
    expect((await queued()).find((j) => j.name === 'nightly')?.runAt).toBe('2031-04-02T00:30:00.000Z');
  });

  it('runs once over the autumn change, when 02:30 comes twice', async () => {
    await start('2031-10-25T12:00:00.000Z');
    for (const at of ['2031-10-26T00:30:00.000Z', '2031-10-26T01:30:00.000Z', '2031-10-27T01:30:00.000Z']) {
      t.clock.set(at);
      await t.runJobs();
    }
    expect(await ticks('nightly')).toEqual(['2031-10-26T00:30:00.000Z', '2031-10-27T01:30:00.000Z']);
  });

  it('runs the occurrences missed while down once, then goes on from now', async () => {
    await start('2031-06-01T09:30:00.000Z');
    t.clock.set('2031-06-01T14:20:00.000Z');
    await t.runJobs();
    expect(await ticks('hourly')).toEqual(['2031-06-01T14:20:00.000Z']);
    expect((await queued()).find((j) => j.name === 'hourly')?.runAt).toBe('2031-06-01T15:00:00.000Z');
  });

  it('a failing run is tried again, and the schedule goes on meanwhile', async () => {
    await start('2031-06-01T09:30:00.000Z');
    flaky.failures = 1;
    t.clock.set('2031-06-01T10:00:00.000Z');
    await t.runJobs();
    expect(await ticks('hourly')).toEqual([]);
    const hourly = (await queued()).filter((j) => j.name === 'hourly').map((j) => j.runAt);
    // The failed 10:00 run waits for its retry; 11:00 is queued all the same.
    expect(hourly).toContain('2031-06-01T11:00:00.000Z');
    expect(hourly).toHaveLength(2);
    t.clock.set('2031-06-01T10:59:00.000Z');
    await t.runJobs();
    expect(await ticks('hourly')).toEqual(['2031-06-01T10:59:00.000Z']);
    expect((await queued()).filter((j) => j.name === 'hourly').map((j) => j.runAt)).toEqual([
      '2031-06-01T11:00:00.000Z',
    ]);
  });

  it('a changed expression is planned anew at start, and a schedule gone is cancelled', async () => {
    await start('2031-06-01T09:07:00.000Z');
    const changed = clockApp({ hourly: { ...SCHEDULES.hourly, cron: '*/15 * * * *' } });
    await another(changed);
    expect(await queued()).toEqual([{ name: 'hourly', runAt: '2031-06-01T09:15:00.000Z' }]);
    const cancelled = await t.db.all<{ name: string }>(
      t.db.qb
        .selectFrom('nf_jobs')
        .select('name')
        .where('kind', '=', 'schedule')
        .where('status', '=', 'cancelled'),
    );
    expect(cancelled.map((j) => j.name).sort()).toEqual(['hourly', 'nightly']);
  });
});

describe.each(DIALECTS.filter((d) => d === 'postgres'))('schedules across processes on %s', () => {
  it('two workers on one database run each occurrence once', async () => {
    await using t = await createTestApp(app, {
      database: 'postgres',
      clock: '2031-06-01T09:30:00.000Z',
      listen: false,
    });
    const second = await createNinefold(app, {
      database: t.databaseUrl,
      now: t.clock.now,
      logger: false,
      jobs: { manual: true },
    });
    try {
      for (let hour = 10; hour <= 14; hour++) {
        t.clock.set(`2031-06-01T${hour}:00:00.000Z`);
        await Promise.all([t.runJobs(), second.jobs.runDue(), t.runJobs(), second.jobs.runDue()]);
      }
      const rows = await t.db.all<{ at: string }>(
        t.db.qb.selectFrom('ticks').select('at').where('label', '=', 'hourly'),
      );
      expect(rows.map((r) => r.at).sort()).toEqual(
        [10, 11, 12, 13, 14].map((h) => `2031-06-01T${h}:00:00.000Z`),
      );
    } finally {
      await second.close();
    }
  });
});
