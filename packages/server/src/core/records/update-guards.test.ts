import helpdesk from '@ninefold/example-helpdesk';
import { and, callerIs, changed, entity, eq, f, gt, inState } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { updateGuards } from './update-guards';

// A made-up entity with one validation rule, written loosely: the rules under test are data.
const rated = (rule: object) =>
  entity({
    fields: {
      score: f.integer({ min: 1, max: 5, optional: true }),
      owner: f.ref('users'),
      open: f.boolean({ default: true }),
    },
    validate: [rule as never],
  });

describe('updateGuards', () => {
  it("finds the helpdesk's rating rule: satisfaction, asked of the requester once resolved", () => {
    const guards = updateGuards(helpdesk.entities.tickets!);
    expect(guards.map((g) => g.field)).toEqual(['satisfaction']);
    expect(guards[0]!.check).toEqual(and(callerIs('requester'), inState('resolved', 'closed')));
  });

  it.each([
    ['a check on other fields', { when: changed('score'), check: callerIs('owner'), error: 'X' }, ['score']],
    ['a check on the new value itself', { when: changed('score'), check: gt('score', 2), error: 'X' }, []],
    ['a check that asks what changed', { when: changed('score'), check: changed('open'), error: 'X' }, []],
    ['a rule with no `when`', { check: eq('open', true), error: 'X' }, []],
    [
      'a rule only on create',
      { on: ['create'], when: changed('score'), check: eq('open', true), error: 'X' },
      [],
    ],
  ] as const)('%s: guards %j', (_, rule, fields) => {
    expect(updateGuards(rated(rule)).map((g) => g.field)).toEqual(fields);
  });
});
