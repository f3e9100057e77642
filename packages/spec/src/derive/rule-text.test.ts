import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { addDays, caller, constant, input, lit, lookup, now } from '../rules/expr';
import {
  allow,
  and,
  callerIs,
  can,
  changed,
  deny,
  eq,
  gte,
  hasRole,
  inState,
  isNull,
  lt,
  lte,
  ne,
  not,
  oneOf,
  or,
  type RuleNode,
  related,
  signedIn,
} from '../rules/rule';
import { ruleToText } from './rule-text';

const tickets = { app, entity: 'tickets' } as const;

describe('ruleToText', () => {
  const cases: [string, RuleNode, Parameters<typeof ruleToText>[1], string][] = [
    ['allow', allow(), {}, 'always'],
    ['deny', deny(), {}, 'never'],
    ['signed in', signedIn(), {}, 'the caller is signed in'],
    ['caller is a ref field', callerIs('requester'), {}, 'the caller is the requester'],
    ['caller is the user itself', callerIs('id'), { app, entity: 'users' }, 'the caller is this user'],
    [
      'state with labels',
      and(callerIs('requester'), inState('new')),
      tickets,
      'the caller is the requester and the state is New',
    ],
    ['state without context', inState('new', 'open'), {}, 'the state is new or open'],
    [
      'or of states merges',
      or(inState('new'), inState('open'), inState('pending')),
      tickets,
      'the state is New, Open or Pending',
    ],
    [
      'can and literal',
      and(can('ticket', 'read'), eq('internal', false)),
      {},
      'the ticket is readable and internal is false',
    ],
    ['can update', can('ticket', 'update'), {}, 'the ticket is editable'],
    ['equality with null', eq('team', null), {}, 'team is empty'],
    ['not null', not(eq('team', null)), {}, 'team is set'],
    ['isNull', isNull('assignee'), {}, 'assignee is empty'],
    ['not isNull', not(isNull('assignee')), {}, 'assignee is set'],
    ['ne', ne('priority', 'low'), {}, 'priority is not low'],
    ['number comparison', lte('satisfaction', 5), tickets, 'satisfaction is at most 5'],
    ['negated number comparison', not(gte('satisfaction', 3)), tickets, 'satisfaction is less than 3'],
    [
      'time comparison',
      lt(now(), addDays('resolvedAt', constant('REOPEN_WINDOW_DAYS'))),
      tickets,
      'now is before resolvedAt plus REOPEN_WINDOW_DAYS days',
    ],
    [
      'datetime field from context',
      gte('dueAt', lit('2025-01-01')),
      tickets,
      'dueAt is at or after 2025-01-01',
    ],
    ['oneOf', oneOf('priority', ['high', 'urgent']), {}, 'priority is high or urgent'],
    [
      'not oneOf',
      not(oneOf('priority', ['low', 'normal', 'high'])),
      {},
      'priority is none of low, normal, high',
    ],
    ['hasRole', hasRole('agent', 'admin'), {}, "the caller's role is agent or admin"],
    [
      'not inState, two',
      not(inState('closed', 'cancelled')),
      tickets,
      'the state is neither Closed nor Cancelled',
    ],
    [
      'related reads the target entity',
      related('ticket', not(inState('closed', 'cancelled'))),
      { app, entity: 'comments' },
      'for the ticket, the state is neither Closed nor Cancelled',
    ],
    ['changed', changed('satisfaction'), {}, 'the write changes satisfaction'],
    [
      'input and lookup',
      eq(input('priority'), lookup(constant('SLA_HOURS'), 'priority')),
      {},
      'the input priority is SLA_HOURS for priority',
    ],
    ['caller email', eq('email', caller('email')), {}, "email is the caller's email"],
    [
      'nested or in and',
      and(callerIs('requester'), or(inState('new'), eq('priority', 'low'))),
      {},
      'the caller is the requester and (the state is new or priority is low)',
    ],
    ['negated compound', not(and(eq('a', 1), eq('b', 2))), {}, 'not (a is 1 and b is 2)'],
    ['double negation', not(not(signedIn())), {}, 'the caller is signed in'],
    ['empty and', and(), {}, 'always'],
    ['empty or', or(), {}, 'never'],
  ];
  it.each(cases)('%s', (_name, rule, ctx, expected) => {
    expect(ruleToText(rule, ctx)).toBe(expected);
  });
});
