/**
 * The helpdesk transitions' inputs and preconditions through the HTTP API, per dialect:
 * resolve needs a resolution, triage assigns only agents, and reopen works only within
 * REOPEN_WINDOW_DAYS of the resolution (the fake clock crosses the boundary).
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { callerOf, countRows, FakeClock, rawRow, type TicketState, ticketIn } from './ticket-fixtures';

type Role = 'requester' | 'otherCustomer' | 'agent' | 'admin';
const INPUT: Record<string, object> = { resolve: { resolution: 'Restarted the printer.' } };

describe.each(DIALECTS)('transition input on %s', (dialect) => {
  const clock = new FakeClock();
  let h: Harness;
  let users: Record<Role, TestUser>;
  const headers = (role: Role) => users[role].headers;
  const post = (id: string, name: string, role: Role, payload: object = INPUT[name] ?? {}) =>
    h.request({
      method: 'POST',
      url: `/api/entities/tickets/${id}/transitions/${name}`,
      headers: headers(role),
      payload,
    });
  const fresh = async (state: TicketState) => {
    const t = await ticketIn(h, users.requester, users.agent, state);
    onTestFinished(() => h.nf.core.remove(callerOf(users.admin), 'tickets', String(t.id)));
    return t;
  };

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: clock.now });
    users = {
      requester: await h.user('customer'),
      otherCustomer: await h.user('customer'),
      agent: await h.user('agent'),
      admin: await h.user('admin'),
    };
  });
  afterAll(() => h.close());

  it.each([
    { payload: {}, path: 'resolution' },
    { payload: { resolution: '' }, path: 'resolution' },
    { payload: { resolution: 'x'.repeat(2001) }, path: 'resolution' },
    { payload: { resolution: 'Fixed.', priority: 'low' }, path: 'priority' },
  ])('resolve with $payload fails on $path and changes nothing', async ({ payload, path }) => {
    const ticket = await fresh('open');
    const before = await rawRow(h.nf.db, 'tickets', String(ticket.id));
    const audited = await countRows(h.nf.db, 'nf_audit');
    const res = await post(String(ticket.id), 'resolve', 'agent', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([path]);
    expect(await rawRow(h.nf.db, 'tickets', String(ticket.id))).toEqual(before);
    expect(await countRows(h.nf.db, 'nf_audit')).toBe(audited);
  });

  it.each([
    { assignee: 'otherCustomer', status: 422, code: 'ASSIGNEE_NOT_AGENT' },
    { assignee: 'admin', status: 422, code: 'ASSIGNEE_NOT_AGENT' },
    { assignee: 'nobody', status: 422, code: 'VALIDATION_FAILED' },
    { assignee: 'agent', status: 200, code: undefined },
  ] as const)('triage assigning to $assignee answers $status', async ({ assignee, status, code }) => {
    const ticket = await fresh('new');
    const target = assignee === 'nobody' ? '0190a000-0000-7000-8000-000000000000' : users[assignee].id;
    const before = await rawRow(h.nf.db, 'tickets', String(ticket.id));
    const res = await post(String(ticket.id), 'triage', 'agent', { assignee: target });
    expect(res.statusCode, res.body).toBe(status);
    if (code) {
      expect(res.json().code).toBe(code);
      expect(await rawRow(h.nf.db, 'tickets', String(ticket.id))).toEqual(before);
    } else {
      expect(res.json()).toMatchObject({ status: 'open', assignee: target });
    }
  });

  it('resolve stamps resolvedAt; reopen works until REOPEN_WINDOW_DAYS have passed, then not', async () => {
    const resolvedAt = clock.advance(61_000).toISOString();
    const [early, late] = [await fresh('open'), await fresh('open')];
    for (const t of [early, late]) {
      const res = await post(String(t.id), 'resolve', 'agent');
      expect(res.json()).toMatchObject({ resolution: 'Restarted the printer.', resolvedAt });
    }
    const can = async (id: unknown) =>
      (
        await h.request({ method: 'GET', url: `/api/entities/tickets/${id}`, headers: headers('requester') })
      ).json().$can.transitions;

    clock.advance(7 * 86_400_000 - 1); // 1 ms before the window closes
    expect(await can(early.id)).toContain('reopen');
    const reopened = await post(String(early.id), 'reopen', 'requester');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open', resolution: null, resolvedAt: null });

    clock.advance(1); // exactly REOPEN_WINDOW_DAYS after resolvedAt: too late
    expect(await can(late.id)).toEqual(['close']);
    const before = await rawRow(h.nf.db, 'tickets', String(late.id));
    const refused = await post(String(late.id), 'reopen', 'requester');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'REOPEN_WINDOW_EXPIRED',
      detail: 'Tickets can be reopened within 7 days of being resolved.',
      params: { days: 7 },
    });
    expect(await rawRow(h.nf.db, 'tickets', String(late.id))).toEqual(before);
  });
});
