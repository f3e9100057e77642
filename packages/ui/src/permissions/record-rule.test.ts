import {
  and,
  callerIs,
  constant,
  eq,
  field,
  hasRole,
  inState,
  lt,
  ne,
  not,
  now,
  or,
  type RuleNode,
  related,
} from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { ruleOnRecord } from './record-rule';

const me = { id: 'u1', email: 'me@example.test' };
const ctx = (record: Record<string, unknown>, stateField?: string) => ({
  role: 'agent',
  user: me,
  record,
  ...(stateField ? { stateField } : {}),
});

describe('ruleOnRecord', () => {
  const cases: [string, RuleNode, ReturnType<typeof ctx>, boolean | undefined][] = [
    ['the caller is the field', callerIs('assignee'), ctx({ assignee: 'u1' }), true],
    ['the caller is not the field', callerIs('assignee'), ctx({ assignee: 'u2' }), false],
    ['a field the page lacks is maybe', callerIs('assignee'), ctx({}), undefined],
    ['a role', hasRole('agent'), ctx({}), true],
    ['a state', inState('open'), ctx({ status: 'open' }, 'status'), true],
    ['a state with no state field known', inState('open'), ctx({ status: 'open' }), undefined],
    ['a related record is maybe', related('ticket', inState('open')), ctx({ ticket: 't1' }), undefined],
    ['a constant is maybe', lt(field('n'), constant('LIMIT')), ctx({ n: 1 }), undefined],
    ['the time is maybe', lt(field('dueAt'), now()), ctx({ dueAt: '2025-01-01T00:00:00.000Z' }), undefined],
    ['or settled by a known part', or(hasRole('agent'), callerIs('x')), ctx({}), true],
    ['and settled by a known part', and(hasRole('customer'), callerIs('x')), ctx({}), false],
    // The server's meaning, NULLs included (issue #13): an empty field compares as unknown.
    [
      'not(callerIs) on an empty field is false, as the list says',
      not(callerIs('reviewer')),
      ctx({ reviewer: null }),
      false,
    ],
    ['ne on an empty field is false, as SQL says', ne('assignee', 'u2'), ctx({ assignee: null }), false],
    ['eq with a literal null asks for empty', eq('assignee', null), ctx({ assignee: null }), true],
  ];
  it.each(cases)('%s', (_, rule, c, expected) => {
    expect(ruleOnRecord(rule, c)).toBe(expected);
  });
});
