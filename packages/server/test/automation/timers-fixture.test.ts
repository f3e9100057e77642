/**
 * Issue #17, timed transitions and timed events, per dialect, on a small fixture app with a
 * controlled clock: editing the `since` field moves the timers (and clearing it cancels
 * them), an amount read from a field counts, a record staying in its state keeps the moment
 * it entered it, a timed event is cancelled when its `when` stops holding and planned again
 * when it holds again, a timer that came is not planned again by a later write, a delete
 * cancels, and a timed transition whose precondition fails ends dead with its code.
 */
import { checkApp } from '@ninefold/spec';
import { createTestApp, type TestApp, type TestUser } from '@ninefold/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import app from './timers-app';

type Loans = typeof app;
type Client = Awaited<ReturnType<TestApp<Loans>['clientAs']>>;
type Job = {
  id: string;
  name: string;
  status: string;
  runAt: string;
  recordId: string;
  error: string | null;
};

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

it('the fixture passes the checker', () => {
  expect(checkApp(app).problems).toEqual([]);
});

describe.each(DIALECTS)('timers on %s', (dialect) => {
  let t: TestApp<Loans>;
  let member: Client;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect, clock: '2031-03-01T08:00:00.000Z' });
    user = await t.createUser('member');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    // Whatever earlier tests left due runs first, so each test sees only its own loans' jobs.
    await t.runJobs();
    // Signed in afresh: the clock has moved past sessions' lives.
    member = await t.signIn(user.email, user.password);
  });

  const jobsOf = async (id: string, name?: string) =>
    (
      await t.db.all<Job>(
        t.db.qb
          .selectFrom('nf_jobs')
          .select(['id', 'name', 'status', 'runAt', 'recordId', 'error'])
          .where('recordId', '=', id)
          .orderBy('createdAt'),
      )
    ).filter((j) => name === undefined || j.name === name);
  const queued = async (id: string, name: string) =>
    (await jobsOf(id, name)).filter((j) => j.status === 'queued');
  const logsOf = async (id: string) =>
    (await t.db.all<{ loan: string }>(t.db.qb.selectFrom('logs').select('loan'))).filter(
      (l) => l.loan === id,
    );
  const status = async (id: string) => (await member.get('loans', id)).status;
  /** Moves the clock to `ms` and runs what is due. */
  const runAt = async (ms: number) => {
    t.clock.set(ms);
    await t.runJobs();
  };

  it('plans both timers of a new loan from its due time, and editing the due time moves them', async () => {
    const now = t.clock.now().getTime();
    const due = now + 24 * HOUR;
    const loan = await member.create('loans', { title: 'Drill', dueAt: at(due) });
    const [lapse] = await queued(loan.id, 'lapse');
    const [remind] = await queued(loan.id, 'remindDue');
    expect(lapse).toMatchObject({ runAt: at(due + 2 * HOUR) });
    expect(remind).toMatchObject({ runAt: at(due - 0.5 * HOUR) });

    const later = due + 48 * HOUR;
    await member.update('loans', loan.id, { dueAt: at(later), graceHours: 5 });
    // Moved, not joined: the same jobs, at the new moments (the grace read from the field).
    expect(await queued(loan.id, 'lapse')).toEqual([{ ...lapse, runAt: at(later + 5 * HOUR) }]);
    expect(await queued(loan.id, 'remindDue')).toEqual([{ ...remind, runAt: at(later - 0.5 * HOUR) }]);

    await runAt(due + 3 * HOUR);
    expect(await status(loan.id)).toBe('out');
    expect(await logsOf(loan.id)).toEqual([]);
    await runAt(later - 0.5 * HOUR - 1);
    expect(await logsOf(loan.id)).toEqual([]);
    await runAt(later - 0.5 * HOUR);
    expect(await logsOf(loan.id)).toHaveLength(1);
    await runAt(later + 5 * HOUR - 1);
    expect(await status(loan.id)).toBe('out');
    await runAt(later + 5 * HOUR);
    expect(await status(loan.id)).toBe('overdue');
    const { items } = await member.history('loans', loan.id);
    expect(items.at(-1)).toMatchObject({
      name: 'lapse',
      actor: null,
      actorRole: null,
      at: at(later + 5 * HOUR),
    });
    expect((await jobsOf(loan.id, 'lapse')).map((j) => j.status)).toEqual(['done']);
  });

  it('clearing the due time cancels its timers; setting it again plans them anew', async () => {
    const due = t.clock.now().getTime() + 10 * HOUR;
    const loan = await member.create('loans', { title: 'Ladder', dueAt: at(due) });
    await member.update('loans', loan.id, { dueAt: null });
    expect((await jobsOf(loan.id)).map((j) => [j.name, j.status]).sort()).toEqual([
      ['lapse', 'cancelled'],
      ['remindDue', 'cancelled'],
    ]);
    await runAt(due + 3 * HOUR);
    expect(await status(loan.id)).toBe('out');
    const again = t.clock.now().getTime() + HOUR;
    await member.update('loans', loan.id, { dueAt: at(again) });
    expect(await queued(loan.id, 'lapse')).toMatchObject([{ runAt: at(again + 2 * HOUR) }]);
  });

  it('a timed event is cancelled when its `when` stops holding, and planned again when it holds', async () => {
    const due = t.clock.now().getTime() + 6 * HOUR;
    const loan = await member.create('loans', { title: 'Tent', dueAt: at(due) });
    await member.update('loans', loan.id, { hold: true });
    expect((await jobsOf(loan.id, 'remindDue')).map((j) => j.status)).toEqual(['cancelled']);
    await runAt(due);
    expect(await logsOf(loan.id)).toEqual([]);
    // Holding again with its moment passed: it is due at once.
    await member.update('loans', loan.id, { hold: false });
    expect(await queued(loan.id, 'remindDue')).toMatchObject([{ runAt: at(due - 0.5 * HOUR) }]);
    await t.runJobs();
    expect(await logsOf(loan.id)).toHaveLength(1);
  });

  it('a timer that came is not planned again by a write that leaves its moment where it was', async () => {
    const due = t.clock.now().getTime() + 2 * HOUR;
    const loan = await member.create('loans', { title: 'Kayak', dueAt: at(due) });
    await runAt(due);
    expect(await logsOf(loan.id)).toHaveLength(1);
    const before = await jobsOf(loan.id);
    await member.update('loans', loan.id, { title: 'Red kayak' });
    expect(await jobsOf(loan.id)).toEqual(before);
    await t.runJobs();
    expect(await logsOf(loan.id)).toHaveLength(1);
  });

  it('a timer without a `since` counts from entering its state, kept while the record stays', async () => {
    const due = t.clock.now().getTime() + HOUR;
    const loan = await member.create('loans', { title: 'Canoe', dueAt: at(due) });
    const entered = due + 2 * HOUR;
    await runAt(entered);
    expect(await status(loan.id)).toBe('overdue');
    const [writeOff] = await queued(loan.id, 'writeOff');
    expect(writeOff).toMatchObject({ runAt: at(entered + 10 * 24 * HOUR) });
    t.clock.set(entered + 24 * HOUR);
    await member.update('loans', loan.id, { title: 'Green canoe', dueAt: at(due + HOUR) });
    expect(await queued(loan.id, 'writeOff')).toEqual([writeOff]);
    await runAt(entered + 10 * 24 * HOUR - 1);
    expect(await status(loan.id)).toBe('overdue');
    await runAt(entered + 10 * 24 * HOUR);
    expect(await status(loan.id)).toBe('lost');
    // Lent again and due in the past: it enters `out` now, and lapses at once.
    await member.transition('loans', loan.id, 'lend', {});
    await t.runJobs();
    expect(await status(loan.id)).toBe('overdue');
  });

  it('leaving the state first cancels the timer, and nothing fires', async () => {
    const due = t.clock.now().getTime() + HOUR;
    const loan = await member.create('loans', { title: 'Saw', dueAt: at(due) });
    await member.transition('loans', loan.id, 'giveBack', {});
    expect((await jobsOf(loan.id, 'lapse')).map((j) => j.status)).toEqual(['cancelled']);
    await runAt(due + 3 * HOUR);
    expect(await status(loan.id)).toBe('returned');
  });

  it('deleting the record cancels its timers', async () => {
    const loan = await member.create('loans', { title: 'Hammer', dueAt: at(t.clock.now().getTime() + HOUR) });
    await t.core.remove(null, 'loans', loan.id, undefined, true);
    expect((await jobsOf(loan.id)).map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('a timed transition whose precondition fails ends dead with its code, in the job list', async () => {
    const due = t.clock.now().getTime() + HOUR;
    const loan = await member.create('loans', { title: 'Boat', dueAt: at(due), hold: true });
    await runAt(due + 2 * HOUR);
    expect(await status(loan.id)).toBe('out');
    const [job] = await jobsOf(loan.id, 'lapse');
    expect(job).toMatchObject({
      status: 'dead',
      error: expect.stringMatching(/^ON_HOLD: This loan is on hold\./),
    });
    expect((await t.nf.jobs.list({ kind: 'timer', status: 'dead' })).map((j) => j.id)).toContain(job!.id);
    // A later write that leaves its moment where it was does not plan it again.
    await member.update('loans', loan.id, { title: 'Blue boat' });
    expect(await queued(loan.id, 'lapse')).toEqual([]);
  });
});
