import { f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { changeLines, valueText } from './audit-changes';

const users = {
  label: 'Users',
  fields: {
    name: f.text({ label: 'Name' }),
    role: f.enum(['customer', 'agent'], { label: 'Role' }),
    team: f.ref('teams'),
  },
  validate: [],
};
const tickets = {
  label: 'Tickets',
  fields: {
    subject: f.text({ label: 'Subject' }),
    status: { kind: 'field', type: 'state', values: ['new', 'open'] },
  },
  states: {
    field: 'status',
    initial: 'new',
    states: { new: { label: 'New', final: false }, open: { label: 'Open', final: false } },
    transitions: {},
  },
  validate: [],
} as never;

describe('audit changes in words', () => {
  it('tells a role change with labels on both sides', () => {
    expect(changeLines(users, 'update', { role: ['customer', 'agent'], version: [1, 2] })).toEqual([
      { field: 'role', label: 'Role', before: 'Customer', after: 'Agent' },
    ]);
  });

  it('lists what a create set, without the bookkeeping fields or the state', () => {
    const lines = changeLines(tickets, 'create', {
      id: [null, 'x'],
      createdAt: [null, 't'],
      subject: [null, 'Printer'],
      status: [null, 'new'],
    });
    expect(lines).toEqual([{ field: 'subject', label: 'Subject', before: undefined, after: 'Printer' }]);
  });

  it('reads references through the lookup, and shortens long text', () => {
    const ref = (entity: string, id: string) => (entity === 'teams' && id === 't1' ? 'Support' : undefined);
    expect(valueText(users, 'team', 't1', ref)).toBe('Support');
    expect(valueText(users, 'team', 'abcdef123456')).toBe('#123456');
    expect(valueText(users, 'name', 'x'.repeat(80))).toHaveLength(60);
    expect(valueText(users, 'name', null)).toBe('—');
  });
});
