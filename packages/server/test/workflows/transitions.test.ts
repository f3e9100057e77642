/**
 * Point 4 of the helpdesk through the HTTP API: every transition from every state by every
 * role, answered from a table written here from helpdesk.md (not from the server's reading
 * of the spec), and `$can.transitions` agreeing with it. Inputs: transition-input.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import {
  auditRows,
  callerOf,
  countRows,
  FakeClock,
  rawRow,
  STATES,
  type TicketState,
  ticketIn,
} from './ticket-fixtures';

type Role = 'requester' | 'otherCustomer' | 'agent' | 'admin' | 'anonymous';
const ROLES: readonly Role[] = ['requester', 'otherCustomer', 'agent', 'admin', 'anonymous'];

// helpdesk.md point 4, copied by hand.
const MACHINE: Record<string, { from: TicketState[]; to: TicketState; who: Role[] }> = {
  triage: { from: ['new'], to: 'open', who: ['agent', 'admin'] },
  await: { from: ['open'], to: 'pending', who: ['agent', 'admin'] },
  respond: { from: ['pending'], to: 'open', who: ['requester'] },
  resolve: { from: ['open', 'pending'], to: 'resolved', who: ['agent', 'admin'] },
  reopen: { from: ['resolved'], to: 'open', who: ['requester'] },
  close: { from: ['resolved'], to: 'closed', who: ['requester', 'agent', 'admin'] },
  withdraw: { from: ['new', 'open'], to: 'cancelled', who: ['requester'] },
};
const INPUT: Record<string, object> = { resolve: { resolution: 'Restarted the printer.' } };

type Outcome = { ok: true } | { ok: false; status: number; code: string };

/**
 * The answer the contract promises, decided in this order: who is asking at all, whether
 * they may know the ticket exists, whether the state allows it, whether their role may.
 */
function expected(name: string, state: TicketState, role: Role): Outcome {
  const t = MACHINE[name]!;
  if (role === 'anonymous') return { ok: false, status: 401, code: 'UNAUTHENTICATED' };
  if (role === 'otherCustomer') return { ok: false, status: 404, code: 'NOT_FOUND' };
  if (!t.from.includes(state)) return { ok: false, status: 409, code: 'INVALID_TRANSITION' };
  if (!t.who.includes(role)) return { ok: false, status: 403, code: 'FORBIDDEN' };
  return { ok: true };
}

const CASES = Object.keys(MACHINE).flatMap((name) =>
  STATES.flatMap((state) =>
    ROLES.map((role) => {
      const outcome = expected(name, state, role);
      return { name, state, role, outcome, label: outcome.ok ? 'allowed' : outcome.code };
    }),
  ),
);

describe.each(DIALECTS)('ticket transitions on %s', (dialect) => {
  const clock = new FakeClock();
  let h: Harness;
  let users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  const headers = (role: Role) => (role === 'anonymous' ? {} : users[role].headers);
  const post = (id: string, name: string, role: Role, payload: object = INPUT[name] ?? {}) =>
    h.request({
      method: 'POST',
      url: `/api/entities/tickets/${id}/transitions/${name}`,
      headers: headers(role),
      payload,
    });
  // Each test's tickets are removed when it ends, pass or fail, so the requester stays under the quota.
  const fresh = async (state: TicketState) => {
    const t = await ticketIn(h, users.requester, users.agent, state);
    onTestFinished(() => h.nf.core.remove(callerOf(users.admin), 'tickets', String(t.id)));
    return t;
  };
  // A refused call must leave its ticket as it was (asserted), so refusals share one per state.
  const shared = new Map<TicketState, Promise<Record<string, any>>>();
  const untouched = (state: TicketState) => {
    if (!shared.has(state)) shared.set(state, ticketIn(h, users.requester, users.agent, state));
    return shared.get(state)!;
  };

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: clock.now });
    users = {
      requester: await h.user('customer', 'Requester'),
      otherCustomer: await h.user('customer', 'Other customer'),
      agent: await h.user('agent'),
      admin: await h.user('admin'),
    };
  });
  afterAll(() => h.close());

  it('the table has the 15 allowed moves of helpdesk.md', () => {
    expect(CASES).toHaveLength(7 * 6 * 5);
    expect(CASES.filter((c) => c.outcome.ok)).toHaveLength(15);
  });

  it.each(CASES)('$role runs $name on a $state ticket: $label', async ({ name, state, role, outcome }) => {
    // A new minute per case: its own rate-limit window, and an audit time of its own.
    const at = clock.advance(61_000).toISOString();
    const ticket = outcome.ok ? await fresh(state) : await untouched(state);
    const id = String(ticket.id);
    const before = await rawRow(h.nf.db, 'tickets', id);
    const audited = await countRows(h.nf.db, 'nf_audit');
    const res = await post(id, name, role);
    if (outcome.ok) {
      expect(res.statusCode, res.body).toBe(200);
      const to = MACHINE[name]!.to;
      expect(res.json()).toMatchObject({ id, status: to, version: ticket.version + 1 });
      expect(await rawRow(h.nf.db, 'tickets', id)).toMatchObject({ status: to });
      expect(await countRows(h.nf.db, 'nf_audit')).toBe(audited + 1);
      expect((await auditRows(h.nf.db, id)).at(-1)).toMatchObject({
        entity: 'tickets',
        operation: 'transition',
        name,
        actor: users[role as Exclude<Role, 'anonymous'>].id,
        actorRole: users[role as Exclude<Role, 'anonymous'>].role,
        at,
        fromState: state,
        toState: to,
      });
    } else {
      expect(res.statusCode, res.body).toBe(outcome.status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe(outcome.code);
      expect(await rawRow(h.nf.db, 'tickets', id)).toEqual(before);
      expect(await countRows(h.nf.db, 'nf_audit')).toBe(audited);
    }
  });

  it('regression: a signed-out transition answers UNAUTHENTICATED, not NOT_FOUND', async () => {
    const ticket = await fresh('new');
    const missing = '0190a000-0000-7000-8000-000000000001';
    for (const id of [String(ticket.id), missing]) {
      expect((await post(id, 'withdraw', 'anonymous')).json().code).toBe('UNAUTHENTICATED');
    }
    // A transition the spec does not have is still simply not there.
    expect((await post(String(ticket.id), 'explode', 'anonymous')).statusCode).toBe(404);
  });

  it.each(STATES)('$can.transitions on a %s ticket lists exactly what each reader may run', async (state) => {
    const ticket = await fresh(state);
    for (const role of ['requester', 'agent', 'admin'] as const) {
      const res = await h.request({
        method: 'GET',
        url: `/api/entities/tickets/${ticket.id}`,
        headers: headers(role),
      });
      expect(res.statusCode).toBe(200);
      const want = Object.keys(MACHINE).filter((n) => expected(n, state, role).ok);
      expect([...res.json().$can.transitions].sort(), role).toEqual(want.sort());
    }
    const hidden = await h.request({
      method: 'GET',
      url: `/api/entities/tickets/${ticket.id}`,
      headers: headers('otherCustomer'),
    });
    expect(hidden.statusCode).toBe(404);
  });
});
