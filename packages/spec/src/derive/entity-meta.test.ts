import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { callerIs } from '../rules/rule';
import { entityMeta, ruleMeta, whoMeta } from './entity-meta';

describe('entityMeta', () => {
  const cases: [string, string, boolean, number][] = [
    ['tickets', 'Tickets', true, 1],
    ['articles', 'Articles', false, 0],
    ['users', 'Users', false, 1],
  ];
  it.each(cases)('%s: label %s, states %s, %i validation rules', (name, label, hasStates, rules) => {
    const m = entityMeta(app, name, app.entities[name]!);
    expect(m.label).toBe(label);
    expect('states' in m).toBe(hasStates);
    expect(m.validate).toHaveLength(rules);
  });

  it('reads rules against the entity, so states show their labels', () => {
    const m = entityMeta(app, 'tickets', app.entities.tickets!);
    expect(m.validate[0]?.check.text).toBe('the caller is the requester and the state is Resolved or Closed');
    expect(m.validate[0]?.when?.text).toBe('the write changes satisfaction');
  });
});

describe('ruleMeta and whoMeta', () => {
  it('pair each rule with its words', () => {
    const rule = callerIs('requester');
    expect(ruleMeta(app, rule, 'tickets')).toEqual({ rule, text: 'the caller is the requester' });
    expect(whoMeta(app, { customer: rule })).toEqual({
      customer: { rule, text: 'the caller is the requester' },
    });
  });
});
