/**
 * Issue #17, Must-show (1), per dialect, on the helpdesk with a controlled clock: a resolved
 * ticket closes itself REOPEN_WINDOW_DAYS after it was resolved — not a millisecond before —
 * as the system (its history says so; a realtime subscriber hears it); reopening before
 * cancels it, and resolving again plans it anew; a ticket about to miss its SLA tells its
 * assignee (a timed notification).
 */
import app from '@ninefold/example-helpdesk';
import { createTestApp, type TestApp, type TestUser } from '@ninefold/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';

type Helpdesk = typeof app;
type Client = Awaited<ReturnType<TestApp<Helpdesk>['clientAs']>>;
type Job = { id: string; name: string; status: string; runAt: string };

const DAY = 86_400_000;
const WINDOW = Number(app.constants.REOPEN_WINDOW_DAYS?.value) * DAY;

describe.each(DIALECTS)('the helpdesk timers on %s', (dialect) => {
  let t: TestApp<Helpdesk>;
  let customer: Client;
  let agent: Client;
  let customerUser: TestUser;
  let agentUser: TestUser;

  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect, clock: '2031-06-02T09:00:00.000Z' });
    customerUser = await t.createUser('customer');
    agentUser = await t.createUser('agent');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.runJobs();
    // Signed in afresh: the clock has moved past sessions' lives.
    customer = await t.signIn(customerUser.email, customerUser.password);
    agent = await t.signIn(agentUser.email, agentUser.password);
  });

  const closeJobs = (id: string) =>
    t.db.all<Job>(
      t.db.qb
        .selectFrom('nf_jobs')
        .select(['id', 'name', 'status', 'runAt'])
        .where('recordId', '=', id)
        .where('name', '=', 'close')
        .orderBy('createdAt'),
    );
  const runAt = async (ms: number) => {
    t.clock.set(ms);
    await t.runJobs();
  };

  async function resolvedTicket(): Promise<{ id: string; resolvedAt: number }> {
    const ticket = await customer.create('tickets', {
      subject: 'VPN drops hourly',
      description: 'Since Monday.',
    });
    await agent.transition('tickets', ticket.id, 'triage', { assignee: agentUser.id });
    const resolved = await agent.transition('tickets', ticket.id, 'resolve', { resolution: 'New profile.' });
    return { id: ticket.id, resolvedAt: Date.parse(String(resolved.resolvedAt)) };
  }

  it('a resolved ticket closes itself after the window, as the system, heard live', async () => {
    const { id, resolvedAt } = await resolvedTicket();
    expect(await closeJobs(id)).toMatchObject([
      { status: 'queued', runAt: new Date(resolvedAt + WINDOW).toISOString() },
    ]);
    const feed = agent.live('tickets', { id });
    await feed.ready();

    await runAt(resolvedAt + WINDOW - 1);
    expect((await agent.get('tickets', id)).status).toBe('resolved');
    await runAt(resolvedAt + WINDOW);
    expect((await agent.get('tickets', id)).status).toBe('closed');

    expect(await feed.next((e) => e.type === 'event' && e.event === 'transitioned')).toMatchObject({
      name: 'close',
      record: { id, status: 'closed' },
    });
    const { items } = await customer.history('tickets', id);
    expect(items.at(-1)).toMatchObject({
      operation: 'transition',
      name: 'close',
      actor: null,
      actorRole: null,
      fromState: 'resolved',
      toState: 'closed',
      at: new Date(resolvedAt + WINDOW).toISOString(),
    });
    expect((await closeJobs(id)).map((j) => j.status)).toEqual(['done']);
    feed.stop();
  });

  it('reopening before the window cancels it; resolving again plans it from the new resolvedAt', async () => {
    const { id, resolvedAt } = await resolvedTicket();
    t.clock.set(resolvedAt + 3 * DAY);
    await customer.transition('tickets', id, 'reopen', {});
    expect((await closeJobs(id)).map((j) => j.status)).toEqual(['cancelled']);

    await runAt(resolvedAt + WINDOW + DAY);
    expect((await agent.get('tickets', id)).status).toBe('open');
    expect((await customer.history('tickets', id)).items.map((e) => e.name)).not.toContain('close');

    const again = await agent.transition('tickets', id, 'resolve', { resolution: 'Second try.' });
    const second = Date.parse(String(again.resolvedAt));
    expect(second).toBe(resolvedAt + WINDOW + DAY);
    expect((await closeJobs(id)).map((j) => [j.status, j.runAt])).toEqual([
      ['cancelled', new Date(resolvedAt + WINDOW).toISOString()],
      ['queued', new Date(second + WINDOW).toISOString()],
    ]);
    await runAt(second + WINDOW);
    expect((await agent.get('tickets', id)).status).toBe('closed');
  });

  it('the window reopen checks and the timer agree: reopened a millisecond before, it stays open', async () => {
    const { id, resolvedAt } = await resolvedTicket();
    await runAt(resolvedAt + WINDOW - 1);
    expect((await customer.transition('tickets', id, 'reopen', {})).status).toBe('open');
    await runAt(resolvedAt + WINDOW);
    expect((await agent.get('tickets', id)).status).toBe('open');
  });

  it('a ticket about to miss its SLA tells its assignee, in the app, four hours before it is due', async () => {
    const ticket = await customer.create('tickets', { subject: 'Cannot log in', description: 'At all.' });
    await agent.transition('tickets', ticket.id, 'triage', { assignee: agentUser.id });
    const due = Date.parse(String(ticket.dueAt));
    const notes = () =>
      t.db.all<{ title: string }>(
        t.db.qb
          .selectFrom('nf_notifications')
          .select('title')
          .where('userId', '=', agentUser.id)
          .where('notification', '=', 'slaAtRisk')
          .where('linkId', '=', ticket.id),
      );
    await runAt(due - 4 * 3_600_000 - 1);
    expect(await notes()).toEqual([]);
    await runAt(due - 4 * 3_600_000);
    expect(await notes()).toEqual([{ title: 'SLA at risk: Cannot log in' }]);
    // Telling it is done: a later edit that leaves the due time as it was tells no one again.
    await agent.update('tickets', ticket.id, { tags: ['vpn'] });
    await t.runJobs();
    expect(await notes()).toHaveLength(1);
  });
});
