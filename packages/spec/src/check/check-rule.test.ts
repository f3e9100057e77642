import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { f } from '../fields/field';
import {
  add,
  addDays,
  addHours,
  constant,
  countOf,
  dateOf,
  divide,
  field,
  input,
  lit,
  lookup,
  maxOf,
  now,
  sumOf,
  timeOfDay,
  weekdayOf,
} from '../rules/expr';
import {
  allow,
  and,
  callerIs,
  can,
  changed,
  eq,
  gte,
  hasRole,
  inState,
  lt,
  lte,
  not,
  or,
  related,
} from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';

const sla = (table: string) =>
  f.datetime({ computed: addHours(field('createdAt'), lookup(constant(table), field('priority'))) });

const cases: BrokenCase[] = [
  {
    name: 'an unknown field in an access rule',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: callerIs('requestr') }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'requestr', which is not a field of tickets",
  },
  {
    name: 'an unknown field deep inside and/or/not',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [
        { where: and(callerIs('requester'), or(inState('new'), not(eq('priorty', 'low')))) },
      ];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'priorty', which is not a field of tickets",
  },
  {
    name: 'an unknown state in a rule',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: inState('nwe') }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'nwe', which is not a state of tickets",
  },
  {
    name: "a related() rule on a field of the rule's own entity, not the referenced one",
    edit: (d) => {
      d.entities.comments!.validate[0]!.check = related('ticket', eq('body', 'x'));
    },
    path: 'entities.comments.validate[0].check',
    mentions: "(inside related('ticket')) reads field 'body', which is not a field of tickets",
  },
  {
    name: 'an unknown state of the referenced entity in related()',
    edit: (d) => {
      d.entities.comments!.validate[0]!.check = related('ticket', not(inState('archived')));
    },
    path: 'entities.comments.validate[0].check',
    mentions: "'archived', which is not a state of tickets",
  },
  {
    name: 'related() through a field that is not a reference',
    edit: (d) => {
      d.entities.comments!.validate[0]!.check = related('body', allow());
    },
    path: 'entities.comments.validate[0].check',
    mentions: "'body' is a longText field, not a reference",
  },
  {
    name: 'can() through an unknown field',
    edit: (d) => {
      d.entities.comments!.access.read.customer = [{ where: can('tiket', 'read') }];
    },
    path: 'entities.comments.access.read.customer[0].where',
    mentions: "'tiket', which is not a field of comments",
  },
  {
    name: 'an unknown constant in a computed field',
    edit: (d) => {
      d.entities.tickets!.fields.dueAt = sla('SLA_HOUR');
    },
    path: 'entities.tickets.fields.dueAt.computed',
    mentions: "'SLA_HOUR', which is not a declared constant",
  },
  {
    name: 'an unknown constant in a precondition',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.reopen!.requires[0]!.check = lt(
        now(),
        addDays('resolvedAt', constant('REOPEN_DAYS')),
      );
    },
    path: 'entities.tickets.states.transitions.reopen.requires[0].check',
    mentions: "'REOPEN_DAYS', which is not a declared constant",
  },
  {
    name: 'a lookup table without an entry for every enum value',
    edit: (d) => {
      d.constants.SLA_HOURS = { value: { urgent: 4, high: 24, normal: 72 } };
    },
    path: 'entities.tickets.fields.dueAt.computed',
    mentions: "constant 'SLA_HOURS', which has no entry for low",
  },
  {
    name: "an input the transition doesn't take",
    edit: (d) => {
      d.entities.tickets!.states!.transitions.triage!.set.assignee = input('asignee');
    },
    path: 'entities.tickets.states.transitions.triage.set.assignee',
    mentions: "'asignee', which is not an input field of the transition",
  },
  {
    name: 'an input read outside a transition',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: eq('subject', input('subject')) }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "input 'subject', but only a transition has an input",
  },
  {
    name: 'changed() outside a validation rule',
    edit: (d) => {
      d.entities.tickets!.access.update.customer = [{ where: changed('subject') }];
    },
    path: 'entities.tickets.access.update.customer[0].where',
    mentions: "whether 'subject' changed, which only a validation rule can know",
  },
  {
    name: 'a comparison with a value the enum never takes',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: eq('priority', 'critical') }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'critical', which is not one of low, normal, high, urgent",
  },
  {
    name: 'an undeclared role in hasRole()',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: hasRole('superuser') }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'superuser', which is not a role of the app",
  },
  {
    name: 'a state asked of an entity without states',
    edit: (d) => {
      d.entities.articles!.access.read.anonymous = [{ where: inState('published') }];
    },
    path: 'entities.articles.access.read.anonymous[0].where',
    mentions: 'articles has no states',
  },
  {
    name: "a field read in an action's rule, which has no record",
    edit: (d) => {
      d.actions.ticketStats!.who.agent = eq('status', 'new');
    },
    path: 'actions.ticketStats.who.agent',
    mentions: "action 'ticketStats' has no record to read",
  },
  {
    name: 'arithmetic on a text field',
    edit: (d) => {
      d.entities.comments!.validate[0]!.check = lte(add('body', 1), 3);
    },
    path: 'entities.comments.validate[0].check',
    mentions: "computes with field 'body' (longText), which is text, not a number",
  },
  {
    name: 'an aggregate of an unknown entity',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(countOf('coments', 'ticket'), 3);
    },
    path: 'entities.tickets.validate[0].check',
    mentions: "'coments', which is not an entity of the app",
  },
  {
    name: 'an aggregate through a field that is not a reference',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(countOf('comments', 'body'), 3);
    },
    path: 'entities.tickets.validate[0].check',
    mentions: "through 'body', which is a longText field, not a reference",
  },
  {
    name: 'an aggregate whose reference points at another entity than the record of `of`',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(countOf('comments', 'author'), 3);
    },
    path: 'entities.tickets.validate[0].check',
    mentions: "of a record of tickets, but 'author' of comments points at users",
  },
  {
    name: 'a sum of a field that is not a number',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(sumOf('comments', 'ticket', 'body'), 3);
    },
    path: 'entities.tickets.validate[0].check',
    mentions: "adds up 'body' with sumOf('comments'), but it is a longText field, not a number",
  },
  {
    name: 'a max of a field with no order',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = eq(maxOf('comments', 'ticket', 'internal'), true);
    },
    path: 'entities.tickets.validate[0].check',
    mentions: 'boolean values have no order',
  },
  {
    name: "an unknown field in an aggregate's where, read on the child",
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(
        countOf('comments', 'ticket', { where: eq('priority', 'low') }),
        3,
      );
    },
    path: 'entities.tickets.validate[0].check',
    mentions:
      "(inside the where of countOf('comments')) reads field 'priority', which is not a field of comments",
  },
  {
    name: 'an aggregate in a computed field (an expression, not a rule)',
    edit: (d) => {
      d.entities.tickets!.fields.subject = {
        ...d.entities.tickets!.fields.subject!,
        computed: countOf('comments', 'ticket'),
      } as never;
    },
    path: 'entities.tickets.fields.subject.computed',
    mentions: 'aggregates of related records are only judged in rules',
  },
  {
    name: 'a clock function in an unknown time zone',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = gte(timeOfDay('createdAt', lit('Europe/Zurch')), '08:00');
    },
    path: 'entities.tickets.validate[0].check',
    mentions: "which is not an IANA time zone such as 'Europe/Zurich'",
  },
  {
    name: 'a time of day compared with a value not in HH:MM form',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = gte(timeOfDay('createdAt', lit('UTC')), '8:00');
    },
    path: 'entities.tickets.validate[0].check',
    mentions: `compares timeOfDay() with "8:00", which is not in the form 'HH:MM'`,
  },
  {
    name: 'a weekday compared with a number that is no weekday',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(weekdayOf('createdAt', lit('UTC')), 8);
    },
    path: 'entities.tickets.validate[0].check',
    mentions: 'weekdays are 1 (Monday) to 7 (Sunday)',
  },
  {
    name: 'a clock function of a field that is not a datetime',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = eq(dateOf('subject', lit('UTC')), '2025-01-01');
    },
    path: 'entities.tickets.validate[0].check',
    mentions: "reads dateOf() of 'subject', which is a text field, not a datetime",
  },
  {
    name: 'a clock function of a field in a read rule (it becomes SQL, and SQLite has no zones)',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [
        { where: gte(timeOfDay('createdAt', lit('UTC')), '08:00') },
      ];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions:
      'which SQL cannot compute (SQLite has no time zones), but this rule, which lists filter by in SQL',
  },
  {
    // Regression: accepted, then every write of a ticket answered 500 — the database counts
    // the children, so an aggregate's where is SQL even in a validation rule.
    name: "a clock function of a field in an aggregate's where, in a validation rule",
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(
        countOf('comments', 'ticket', { where: eq(timeOfDay('createdAt', lit('UTC')), '08:00') }),
        5,
      );
    },
    path: 'entities.tickets.validate[0].check',
    mentions:
      "(inside the where of countOf('comments')) reads timeOfDay() of the record, which SQL cannot compute (SQLite has no time zones), but the where of countOf('comments'), which the database computes",
  },
  {
    name: "time added to a field in an aggregate's where",
    edit: (d) => {
      d.entities.tickets!.validate[0]!.check = lte(
        countOf('comments', 'ticket', { where: lt(addHours('createdAt', 2), now()) }),
        5,
      );
    },
    path: 'entities.tickets.validate[0].check',
    mentions: 'reads addHours() of the record, which SQL cannot compute',
  },
  {
    name: 'time added to a field in a read rule',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: lt(addDays('createdAt', 2), now()) }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: 'reads addDays() of the record, which SQL cannot compute',
  },
  {
    name: 'a lookup keyed by a field in an update grant (can() makes it SQL)',
    edit: (d) => {
      d.entities.tickets!.access.update.agent = [
        { where: gte(lookup(constant('SLA_HOURS'), field('priority')), 2) },
      ];
    },
    path: 'entities.tickets.access.update.agent[0].where',
    mentions: 'reads lookup() of the record, which SQL cannot compute',
  },
  {
    name: 'an aggregate in a read grant (it would count comments the reader may not see)',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [
        { where: lte(countOf('comments', 'ticket', { where: eq('internal', true) }), 0) },
      ];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions:
      "reads countOf('comments') in a read grant, but an aggregate counts every child, those the reader may not see too",
  },
];

describe('checkRule', () => {
  it('accepts an aggregate in a write grant, where it decides a write, not what is shown', () => {
    const grant = { where: lte(countOf('comments', 'ticket'), 100) };
    expect(
      messagesAt(
        helpdesk,
        (d) => {
          d.entities.tickets!.access.update.agent = [grant];
        },
        'entities.tickets.access.update.agent[0].where',
      ),
    ).toEqual([]);
  });

  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it.each([
    [
      'a sum over siblings in a validation rule',
      lte(sumOf('tickets', 'requester', 'satisfaction', { of: 'requester' }), 10),
    ],
    [
      'a count of children with a where',
      lte(countOf('comments', 'ticket', { where: eq('internal', false) }), 10),
    ],
    ['arithmetic with a division', gte(divide(add('satisfaction', 1), 2), 1)],
    ['a time of day in a zone constant', gte(timeOfDay(now(), lit('Europe/Zurich')), '08:00')],
    [
      'the time of day of a field, judged in JavaScript only',
      lte(timeOfDay('createdAt', lit('UTC')), '18:00'),
    ],
    [
      'a where of an aggregate over now() and constants (computed before the query)',
      lte(countOf('comments', 'ticket', { where: lt('createdAt', addHours(now(), -2)) }), 10),
    ],
  ])('accepts %s', (_, check) => {
    expect(
      messagesAt(
        helpdesk,
        (d) => {
          d.entities.tickets!.validate[0]!.check = check;
        },
        'entities.tickets.validate[0].check',
      ),
    ).toEqual([]);
  });
});
