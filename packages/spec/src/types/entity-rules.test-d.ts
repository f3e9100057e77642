/**
 * `entity()` and `users()` check every name a rule, a field list, an index or a transition
 * uses against the entity's own fields and states: a name the entity lacks does not compile.
 * Each must-fail case sits under a `@ts-expect-error` on the line tsc reports.
 */
import { describe, expectTypeOf, test } from 'vitest';
import {
  action,
  addDays,
  and,
  caller,
  callerIs,
  can,
  changed,
  constant,
  entity,
  eq,
  f,
  field,
  input,
  isNull,
  lt,
  not,
  now,
  oneOf,
  or,
  type Rule,
  related,
  users,
} from '../index';

// A small `tickets`, with the fields the rules below use.
const fields = {
  subject: f.text({ min: 5, max: 120 }),
  priority: f.enum(['low', 'normal', 'high', 'urgent'], { default: 'normal' }),
  requester: f.ref('users', { default: caller('id'), readOnly: true }),
  assignee: f.ref('users', { optional: true }),
  resolvedAt: f.datetime({ optional: true, readOnly: true }),
};
const states = { new: {}, open: {}, closed: { final: true } } as const;

describe('rules over known fields compile', () => {
  test('access, validate, indexes, title and a state machine', () => {
    const tickets = entity({
      title: 'subject',
      fields,
      states: {
        field: 'status',
        initial: 'new',
        states,
        transitions: {
          open: {
            from: 'new',
            to: 'open',
            who: { agent: true, customer: callerIs('requester') },
            input: { note: f.text({ optional: true }) },
            set: { assignee: caller('id') },
          },
          close: {
            from: ['new', 'open'],
            to: 'closed',
            who: { agent: true },
            requires: [
              { check: lt(now(), addDays('resolvedAt', 7)), error: 'TOO_LATE', params: { days: 7 } },
            ],
            set: { resolvedAt: now() },
          },
        },
      },
      access: {
        read: { customer: callerIs('requester'), agent: true },
        create: { customer: { fields: ['subject', 'priority'] } },
        update: {
          customer: [{ where: and(callerIs('requester'), eq('status', 'new')), fields: ['subject'] }],
          agent: { where: or(isNull('assignee'), eq('assignee', caller('id'))), fields: ['assignee'] },
        },
        delete: { admin: eq('id', field('id')) },
      },
      validate: [
        {
          name: 'urgentNeedsAssignee',
          when: changed('priority'),
          check: not(and(eq('priority', 'urgent'), isNull('assignee'))),
          error: 'NEEDS_ASSIGNEE',
          field: 'assignee',
          params: { since: field('createdAt') },
        },
      ],
      indexes: [['requester', 'status'], ['createdAt']],
    });
    expectTypeOf(tickets.fields.status.values).toEqualTypeOf<readonly ('new' | 'open' | 'closed')[]>();
  });

  test('users() rules may name the built-in user fields', () => {
    const people = users({
      fields: { team: f.ref('teams', { optional: true }) },
      access: { read: { agent: and(eq('role', 'agent'), callerIs('id'), eq('email', caller('email'))) } },
      validate: [{ when: not(isNull('team')), check: eq('role', 'agent'), error: 'VALIDATION_FAILED' }],
    });
    expectTypeOf(people.fields).toHaveProperty('team');
  });

  test('rules carry the fields they read', () => {
    expectTypeOf(eq('priority', 'urgent')).toEqualTypeOf<Rule<'priority'>>();
    expectTypeOf(and(callerIs('requester'), oneOf('priority', ['high']))).toEqualTypeOf<
      Rule<'requester' | 'priority'>
    >();
    expectTypeOf(lt(now(), addDays('resolvedAt', constant('DAYS')))).toEqualTypeOf<Rule<'resolvedAt'>>();
    expectTypeOf(related('ticket', eq('status', 'closed'))).toEqualTypeOf<Rule<'ticket'>>();
    expectTypeOf(can('ticket', 'update')).toEqualTypeOf<Rule<'ticket'>>();
  });
});

describe('a name the entity lacks is a type error', () => {
  test('in an access rule', () => {
    entity({
      fields,
      access: {
        // @ts-expect-error tickets has no field 'nope'
        read: { customer: eq('nope', 1) },
      },
    });
  });

  test('nested in and/or/not', () => {
    entity({
      fields,
      access: {
        // @ts-expect-error tickets has no field 'nope'
        read: { customer: and(callerIs('requester'), or(eq('subject', 'x'), not(eq('nope', 1)))) },
      },
    });
  });

  test('in a grant where', () => {
    entity({
      fields,
      access: {
        // @ts-expect-error tickets has no field 'nope'
        update: { customer: { where: eq('nope', 1), fields: ['subject'] } },
      },
    });
  });

  test('in a grant field list', () => {
    entity({
      fields,
      access: {
        // @ts-expect-error tickets has no field 'nope'
        create: { customer: { fields: ['subject', 'nope'] } },
      },
    });
  });

  test('in one grant of several', () => {
    entity({
      fields,
      access: {
        // @ts-expect-error tickets has no field 'nope'
        update: { customer: [{ fields: ['subject'] }, { where: eq('nope', 1) }] },
      },
    });
  });

  test('in callerIs, related and can', () => {
    // @ts-expect-error tickets has no field 'owner'
    entity({ fields, access: { read: { customer: callerIs('owner') } } });
    // @ts-expect-error tickets has no field 'ticket'
    entity({ fields, access: { read: { customer: related('ticket', eq('status', 'open')) } } });
    // @ts-expect-error tickets has no field 'ticket'
    entity({ fields, access: { read: { customer: can('ticket', 'read') } } });
  });

  test('in a validation check, when, field and params', () => {
    // @ts-expect-error tickets has no field 'nope'
    entity({ fields, validate: [{ check: eq('nope', 1), error: 'E' }] });
    // @ts-expect-error tickets has no field 'nope'
    entity({ fields, validate: [{ when: changed('nope'), check: eq('subject', 'x'), error: 'E' }] });
    // @ts-expect-error tickets has no field 'nope'
    entity({ fields, validate: [{ check: eq('subject', 'x'), error: 'E', field: 'nope' }] });
    // @ts-expect-error tickets has no field 'nope'
    entity({ fields, validate: [{ check: eq('subject', 'x'), error: 'E', params: { n: field('nope') } }] });
  });

  test('in an index', () => {
    // @ts-expect-error tickets has no field 'nope'
    entity({ fields, indexes: [['requester', 'nope']] });
  });

  test('in the title', () => {
    // @ts-expect-error tickets has no field 'nope'
    entity({ fields, title: 'nope' });
  });

  test('in a transition: who, set and requires', () => {
    entity({
      fields,
      states: {
        field: 'status',
        initial: 'new',
        states,
        // @ts-expect-error tickets has no field 'owner'
        transitions: { open: { from: 'new', to: 'open', who: { customer: callerIs('owner') } } },
      },
    });
    entity({
      fields,
      states: {
        field: 'status',
        initial: 'new',
        states,
        // @ts-expect-error tickets has no field 'nope'
        transitions: { open: { from: 'new', to: 'open', who: { agent: true }, set: { nope: input('x') } } },
      },
    });
    entity({
      fields,
      states: {
        field: 'status',
        initial: 'new',
        states,
        // @ts-expect-error tickets has no field 'nope'
        transitions: {
          open: {
            from: 'new',
            to: 'open',
            who: { agent: true },
            requires: [{ check: isNull('nope'), error: 'E' }],
          },
        },
      },
    });
  });
});

describe('a state the machine lacks is a type error', () => {
  test('initial, from and to', () => {
    // @ts-expect-error no state 'draft'
    entity({ fields, states: { field: 'status', initial: 'draft', states, transitions: {} } });
    entity({
      fields,
      states: {
        field: 'status',
        initial: 'new',
        states,
        // @ts-expect-error no state 'draft'
        transitions: { open: { from: 'draft', to: 'open', who: { agent: true } } },
      },
    });
    entity({
      fields,
      states: {
        field: 'status',
        initial: 'new',
        states,
        // @ts-expect-error no state 'done'
        transitions: { finish: { from: 'open', to: 'done', who: { agent: true } } },
      },
    });
  });
});

describe('other compile-time checks', () => {
  test('an enum default must be one of its values', () => {
    // @ts-expect-error 'critical' is not a priority
    f.enum(['low', 'high'], { default: 'critical' });
  });

  test('users() rules may not name a field users lacks', () => {
    // @ts-expect-error users has no field 'requester'
    users({ fields: {}, access: { read: { customer: callerIs('requester') } } });
  });

  test('an action`s who may not read record fields', () => {
    action({
      // @ts-expect-error an action has no record to read 'requester' from
      who: { customer: callerIs('requester') },
      input: {},
      output: {},
      handler: async () => ({}),
    });
  });
});
