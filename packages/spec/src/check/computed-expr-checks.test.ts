/**
 * The checker on computed expressions: arithmetic, aggregates of child records, clock
 * functions, and what SQL cannot compute where a rule becomes SQL.
 */
import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import {
  add,
  addDays,
  addHours,
  constant,
  countOf,
  dateOf,
  divide,
  field,
  lit,
  lookup,
  maxOf,
  now,
  sumOf,
  timeOfDay,
  weekdayOf,
} from '../rules/expr';
import { eq, gte, lt, lte } from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
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

describe('checkRule on computed expressions', () => {
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
