import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { quotaFor, recordActions, recordTransitions, transitionTo } from './record-abilities';

const meta = clientMeta(app);
const alice = { id: 'alice', role: 'customer' };
const ticket = (status: string, requester = 'alice') => ({ id: 't1', status, requester });
const names = (ts: { name: string }[]) => ts.map((t) => t.name).sort();

describe('recordTransitions', () => {
  it.each([
    ['agent', 'new', ['triage']],
    ['agent', 'open', ['await', 'resolve']],
    ['agent', 'resolved', ['close']],
    ['agent', 'closed', []],
    ['customer', 'new', ['withdraw']],
    ['customer', 'pending', ['respond']],
    ['customer', 'resolved', ['close', 'reopen']],
  ])('%s on a %s ticket of their own may run %j', (role, status, expected) => {
    const caller = { role, user: role === 'customer' ? alice : { id: 'agent1', role } };
    expect(names(recordTransitions(meta, 'tickets', ticket(status), caller))).toEqual(expected);
  });

  it("offers a customer nothing on someone else's ticket", () => {
    const caller = { role: 'customer', user: alice };
    expect(recordTransitions(meta, 'tickets', ticket('resolved', 'bob'), caller)).toEqual([]);
  });

  it('believes $can over the meta when the record brings it', () => {
    const record = { ...ticket('resolved'), $can: { update: [], delete: false, transitions: ['close'] } };
    const caller = { role: 'customer', user: alice };
    expect(names(recordTransitions(meta, 'tickets', record, caller))).toEqual(['close']);
  });

  it('finds the transition between two states', () => {
    const caller = { role: 'agent', user: { id: 'a1' } };
    expect(transitionTo(meta, 'tickets', ticket('new'), 'open', caller)?.name).toBe('triage');
    expect(transitionTo(meta, 'tickets', ticket('new'), 'resolved', caller)).toBeUndefined();
  });
});

describe('recordActions and quotaFor', () => {
  it('offers agents "Assign to me" on a ticket, and customers nothing', () => {
    expect(recordActions(meta, 'agent', 'tickets').map((a) => a.name)).toEqual(['assignToMe']);
    expect(recordActions(meta, 'customer', 'tickets')).toEqual([]);
    expect(recordActions(meta, 'agent', 'comments')).toEqual([]);
  });

  it("finds the customer's open-ticket quota", () => {
    expect(quotaFor(meta, 'customer', 'tickets')).toMatchObject({ name: 'openTickets', max: 5 });
    expect(quotaFor(meta, 'agent', 'tickets')).toBeUndefined();
  });
});
