/**
 * Issue #17, Must-show (1), per dialect: timers are planned again when their plan changes
 * between two runs of an app on one database — the helpdesk restarted with REOPEN_WINDOW_DAYS
 * 2 instead of 7 closes a resolved ticket 2 days after it was resolved (one whose new moment
 * has passed, at once); a timer newly declared on a live app is planned for the records
 * already waiting; a start with the plan unchanged writes nothing; two processes starting at
 * once plan each timer once (each page of records is locked while it is planned).
 */
import helpdesk from '@ninefold/example-helpdesk';
import type { App } from '@ninefold/spec';
import { type TestClock, type TestDatabase, testClock } from '@ninefold/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write-records';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { DIALECTS, freshDatabase } from '../test-databases';
import loans from './timers-app';

const DAY = 86_400_000;
type Job = { id: string; status: string; runAt: string; recordId: string; name: string };

/** The helpdesk with another reopen window: the App is plain frozen data, copied, not changed. */
function withWindow(days: number): typeof helpdesk {
  const c = helpdesk.constants.REOPEN_WINDOW_DAYS;
  return { ...helpdesk, constants: { ...helpdesk.constants, REOPEN_WINDOW_DAYS: { ...c, value: days } } };
}

/** The loans app as it was before its `lapse` transition was timed. */
function withoutLapseTimer(): typeof loans {
  const node = loans.entities.loans!;
  const { after: _, ...lapse } = node.states!.transitions.lapse!;
  const states = { ...node.states!, transitions: { ...node.states!.transitions, lapse } };
  return { ...loans, entities: { ...loans.entities, loans: { ...node, states } } } as unknown as typeof loans;
}

describe.each(DIALECTS)('timers planned again at start on %s', (dialect) => {
  let tdb: TestDatabase;
  let clock: TestClock;
  const running: Ninefold[] = [];

  const start = async (app: App) => {
    const nf = await createNinefold(app, {
      database: tdb.url,
      logger: false,
      jobs: { manual: true },
      now: clock.now,
    });
    running.push(nf);
    return nf;
  };
  const stop = async (nf: Ninefold) => {
    running.splice(running.indexOf(nf), 1);
    await nf.close();
  };
  const jobs = (nf: Ninefold, name: string) =>
    nf.db.all<Job>(
      nf.db.qb
        .selectFrom('nf_jobs')
        .select(['id', 'status', 'runAt', 'recordId', 'name'])
        .where('name', '=', name)
        .orderBy('id'),
    );

  afterEach(async () => {
    for (const nf of running.splice(0)) await nf.close();
    await tdb?.drop();
  });

  async function people(nf: Ninefold) {
    const make = async (role: string) => {
      const email = `${role}-${Math.random().toString(36).slice(2)}@test.example`;
      const user = await nf.core.create(null, 'users', { email, name: role, role }, true);
      return { id: String(user.id), role, email };
    };
    return { customer: await make('customer'), agent: await make('agent') };
  }

  it('a changed REOPEN_WINDOW_DAYS moves the close of every resolved ticket', async () => {
    tdb = await freshDatabase(dialect);
    clock = testClock('2031-07-01T10:00:00.000Z');
    const first = await start(helpdesk);
    const { customer, agent } = await people(first);
    const resolve = async () => {
      const ticket = await first.core.create(customer, 'tickets', {
        subject: 'Mail bounces',
        description: 'All of it.',
      });
      const id = String(ticket.id);
      await first.core.transition(agent, 'tickets', id, 'triage', {});
      const done = await first.core.transition(agent, 'tickets', id, 'resolve', { resolution: 'Fixed.' });
      return { id, resolvedAt: Date.parse(String(done.resolvedAt)) };
    };
    const old = await resolve();
    clock.advance({ days: 3 });
    const recent = await resolve();
    const before = await jobs(first, 'close');
    expect(before.map((j) => j.runAt)).toEqual([
      new Date(old.resolvedAt + 7 * DAY).toISOString(),
      new Date(recent.resolvedAt + 7 * DAY).toISOString(),
    ]);
    await stop(first);

    const second = await start(withWindow(2));
    const after = await jobs(second, 'close');
    // The same jobs, moved: 2 days after each was resolved.
    expect(after).toEqual([
      { ...before[0], runAt: new Date(old.resolvedAt + 2 * DAY).toISOString() },
      { ...before[1], runAt: new Date(recent.resolvedAt + 2 * DAY).toISOString() },
    ]);
    // The older one's new moment has passed: it closes at once; the other waits for its own.
    await second.jobs.runDue();
    const status = async (id: string) => (await second.core.get(agent, 'tickets', id)).status;
    expect([await status(old.id), await status(recent.id)]).toEqual(['closed', 'resolved']);
    clock.set(recent.resolvedAt + 2 * DAY - 1);
    await second.jobs.runDue();
    expect(await status(recent.id)).toBe('resolved');
    clock.set(recent.resolvedAt + 2 * DAY);
    await second.jobs.runDue();
    expect(await status(recent.id)).toBe('closed');
    await stop(second);

    // Back to 7 days: nothing is queued any more, and what came is not planned again.
    const third = await start(helpdesk);
    expect((await jobs(third, 'close')).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('a start with the plan unchanged writes nothing', async () => {
    tdb = await freshDatabase(dialect);
    clock = testClock('2031-07-01T10:00:00.000Z');
    const first = await start(loans);
    const due = clock.now().getTime() + DAY;
    await first.core.create(null, 'loans', { title: 'Rope', dueAt: new Date(due).toISOString() }, true);
    const plans = await first.db.all(first.db.qb.selectFrom('nf_timer_plans').selectAll().orderBy('id'));
    expect(plans.map((p) => p.id)).toEqual([
      'loans:transition:lapse',
      'loans:transition:writeOff',
      'loans:trigger:remindDue',
    ]);
    const queued = await first.db.all(first.db.qb.selectFrom('nf_jobs').selectAll().orderBy('id'));
    await stop(first);
    clock.advance({ hours: 1 });
    const second = await start(loans);
    expect(await second.db.all(second.db.qb.selectFrom('nf_jobs').selectAll().orderBy('id'))).toEqual(queued);
  });

  it('a timer newly declared on a live app is planned for the records already waiting', async () => {
    tdb = await freshDatabase(dialect);
    clock = testClock('2031-07-01T10:00:00.000Z');
    const first = await start(withoutLapseTimer());
    const due = clock.now().getTime() + DAY;
    const loan = await first.core.create(
      null,
      'loans',
      { title: 'Tarp', dueAt: new Date(due).toISOString() },
      true,
    );
    expect(await jobs(first, 'lapse')).toEqual([]);
    await stop(first);

    const second = await start(loans);
    expect(await jobs(second, 'lapse')).toMatchObject([
      { status: 'queued', recordId: loan.id, runAt: new Date(due + 2 * 3_600_000).toISOString() },
    ]);
    clock.set(due + 2 * 3_600_000);
    await second.jobs.runDue();
    const [row] = await second.db.all(
      second.db.qb.selectFrom('loans').select('status').where('id', '=', loan.id),
    );
    expect(row).toEqual({ status: 'overdue' });
  });

  it('two processes starting at once plan each newly declared timer once', async () => {
    tdb = await freshDatabase(dialect);
    clock = testClock('2031-07-01T10:00:00.000Z');
    const first = await start(withoutLapseTimer());
    const due = new Date(clock.now().getTime() + DAY).toISOString();
    // More than a page of them (replan-timers.ts), in one write.
    const ids = await first.core.write(
      null,
      async (s) => {
        const made: string[] = [];
        for (let i = 0; i < 620; i++)
          made.push(String((await createRecord(s, 'loans', { title: `Loan ${i}`, dueAt: due })).id));
        return made;
      },
      true,
    );
    await stop(first);
    const [a] = await Promise.all([start(loans), start(loans)]);
    const lapse = await jobs(a!, 'lapse');
    expect(lapse).toHaveLength(620);
    expect(new Set(lapse.map((j) => j.recordId))).toEqual(new Set(ids));
    expect(lapse.every((j) => j.status === 'queued')).toBe(true);
  });
});
