import { and, callerIs, eq, gte, inState, oneOf, or } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { quotaFilter } from './quota-filter';

describe('quotaFilter', () => {
  it.each([
    ['no rule: every record counts', undefined, {}],
    [
      "the helpdesk's open states",
      or(inState('new'), inState('open'), inState('pending')),
      { status: { in: ['new', 'open', 'pending'] } },
    ],
    ['one state', inState('new'), { status: 'new' }],
    ['a value', eq('published', true), { published: true }],
    ['a range', gte('satisfaction', 3), { satisfaction: { gte: 3 } }],
    ['values', oneOf('priority', ['high', 'urgent']), { priority: { in: ['high', 'urgent'] } }],
    ['both', and(inState('open'), eq('priority', 'high')), { status: 'open', priority: 'high' }],
  ])('%s', (_name, rule, filter) => {
    expect(quotaFilter(rule, 'status')).toEqual(filter);
  });

  it.each([
    ['about the caller', callerIs('requester')],
    ['across fields', or(inState('new'), eq('priority', 'high'))],
    ['one field twice', and(gte('satisfaction', 1), gte('satisfaction', 3))],
  ])('is undefined for a rule the list API cannot say: %s', (_name, rule) => {
    expect(quotaFilter(rule, 'status')).toBeUndefined();
  });

  it('cannot filter on states without a state field', () => {
    expect(quotaFilter(inState('new'), undefined)).toBeUndefined();
  });
});
