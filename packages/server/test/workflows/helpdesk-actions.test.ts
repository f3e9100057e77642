/**
 * Point 7 of the helpdesk: its two actions over HTTP, per dialect. assignToMe triages a new
 * ticket or takes over an open one; ticketStats counts the tickets an agent sees, by status
 * and by priority. Neither is a customer's to call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { auditRows, callerOf, rawRow, type TicketState, tally, ticketIn } from './ticket-fixtures';

// The data the statistics must describe, counted below independently of the server.
const TICKETS: { state: TicketState; priority: string }[] = [
  { state: 'new', priority: 'urgent' },
  { state: 'new', priority: 'high' },
  { state: 'open', priority: 'high' },
  { state: 'pending', priority: 'low' },
  { state: 'resolved', priority: 'normal' },
  { state: 'resolved', priority: 'high' },
  { state: 'closed', priority: 'normal' },
  { state: 'cancelled', priority: 'low' },
];
const countBy = (key: 'state' | 'priority') => tally(TICKETS.map((t) => t[key]));

describe.each(DIALECTS)('helpdesk actions on %s', (dialect) => {
  let h: Harness;
  let users: Record<'alice' | 'bob' | 'agent' | 'agent2' | 'admin', TestUser>;
  const call = (name: string, user: TestUser | undefined, payload: object = {}) =>
    h.request({ method: 'POST', url: `/api/actions/${name}`, headers: user?.headers ?? {}, payload });

  beforeAll(async () => {
    h = await startHelpdesk(dialect);
    users = {
      alice: await h.user('customer'),
      bob: await h.user('customer'),
      agent: await h.user('agent'),
      agent2: await h.user('agent'),
      admin: await h.user('admin'),
    };
    // Two customers, so neither passes the open-ticket quota.
    for (const [i, t] of TICKETS.entries())
      await ticketIn(h, i % 2 ? users.alice : users.bob, users.agent, t.state, { priority: t.priority });
  });
  afterAll(() => h.close());

  it.each(['agent', 'admin'] as const)(
    'ticketStats gives the %s counts by status and priority that match the data',
    async (who) => {
      const res = await call('ticketStats', users[who]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ byStatus: countBy('state'), byPriority: countBy('priority') });
    },
  );

  it.each([
    { action: 'ticketStats', who: 'alice', status: 403, code: 'FORBIDDEN' },
    { action: 'assignToMe', who: 'alice', status: 403, code: 'FORBIDDEN' },
    // Only agents may be assignees, so an admin cannot assign a ticket to themselves either.
    { action: 'assignToMe', who: 'admin', status: 403, code: 'FORBIDDEN' },
    { action: 'ticketStats', who: 'anonymous', status: 401, code: 'UNAUTHENTICATED' },
    { action: 'assignToMe', who: 'anonymous', status: 401, code: 'UNAUTHENTICATED' },
  ] as const)('$action by $who answers $code and changes nothing', async ({ action, who, status, code }) => {
    const t = await ticketIn(h, users.bob, users.agent, 'new');
    const audited = (await auditRows(h.nf.db)).length;
    const res = await call(action, who === 'anonymous' ? undefined : users[who], { ticketId: t.id });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await rawRow(h.nf.db, 'tickets', String(t.id))).toMatchObject({ status: 'new', assignee: null });
    expect((await auditRows(h.nf.db)).length).toBe(audited);
    await h.nf.core.remove(callerOf(users.admin), 'tickets', String(t.id));
  });

  it('assignToMe on a new ticket triages it to the calling agent, audited as the triage and the action', async () => {
    const t = await ticketIn(h, users.alice, users.agent, 'new');
    const res = await call('assignToMe', users.agent2, { ticketId: t.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: t.id, status: 'open', assignee: users.agent2.id });
    expect(await rawRow(h.nf.db, 'tickets', String(t.id))).toMatchObject({
      status: 'open',
      assignee: users.agent2.id,
    });
    const tail = (await auditRows(h.nf.db)).slice(-2);
    expect(tail).toMatchObject([
      {
        recordId: t.id,
        operation: 'transition',
        name: 'triage',
        fromState: 'new',
        toState: 'open',
        actor: users.agent2.id,
      },
      { operation: 'action', name: 'assignToMe', actor: users.agent2.id },
    ]);
  });

  it('assignToMe on an open ticket takes it over from another agent without moving its state', async () => {
    const t = await ticketIn(h, users.alice, users.agent, 'new');
    await h.nf.core.transition(callerOf(users.agent), 'tickets', String(t.id), 'triage', {
      assignee: users.agent.id,
    });
    const res = await call('assignToMe', users.agent2, { ticketId: t.id });
    expect(res.json()).toEqual({ id: t.id, status: 'open', assignee: users.agent2.id });
    const entries = await auditRows(h.nf.db, String(t.id));
    expect(entries.at(-1)).toMatchObject({
      operation: 'update',
      changes: { assignee: [users.agent.id, users.agent2.id] },
    });
  });
});
