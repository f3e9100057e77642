import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { f } from '../fields/field';
import { eq } from '../rules/rule';
import { type BrokenCase, breakApp, messagesAt } from './break-app';
import { checkApp } from './check-app';

const cases: BrokenCase[] = [
  {
    name: 'a reference to an undeclared entity',
    edit: (d) => {
      d.entities.tickets!.fields.team = f.ref('squads', { optional: true });
    },
    path: 'entities.tickets.fields.team.entity',
    mentions: "'team' refers to 'squads', which is not an entity of the app",
  },
  {
    name: "a reference's where rule on a field the referenced entity lacks",
    edit: (d) => {
      d.entities.tickets!.fields.assignee = f.ref('users', { optional: true, where: eq('rol', 'agent') });
    },
    path: 'entities.tickets.fields.assignee.where',
    mentions: "'rol', which is not a field of users",
  },
  {
    name: "a reference's unknown error code",
    edit: (d) => {
      d.entities.tickets!.fields.assignee = f.ref('users', { optional: true, error: 'NOT_AN_AGENT' });
    },
    path: 'entities.tickets.fields.assignee.error',
    mentions: "'NOT_AN_AGENT' is not a built-in or declared error code",
  },
  {
    name: 'setNull on delete for a required reference',
    edit: (d) => {
      d.entities.tickets!.fields.team = f.ref('teams', { onDelete: 'setNull' });
    },
    path: 'entities.tickets.fields.team.onDelete',
    mentions: "'team' is set to null",
  },
  {
    name: 'an enum default that is not one of its values',
    edit: (d) => {
      d.entities.tickets!.fields.priority = f.enum(['low', 'high'], { default: 'medium' as 'low' });
    },
    path: 'entities.tickets.fields.priority.default',
    mentions: "the default of 'priority' is 'medium', which is not one of low, high",
  },
  {
    name: 'a text default that is a number',
    edit: (d) => {
      d.entities.tickets!.fields.subject = f.text({ default: 42 });
    },
    path: 'entities.tickets.fields.subject.default',
    mentions: "the default of 'subject' is 42, which is not text",
  },
  {
    name: 'a list default that is not a list',
    edit: (d) => {
      d.entities.tickets!.fields.tags = f.list(f.text(), { default: 'urgent' });
    },
    path: 'entities.tickets.fields.tags.default',
    mentions: "the default of 'tags' is 'urgent', which is not a list",
  },
  {
    name: 'a list default with an item of the wrong type',
    edit: (d) => {
      d.entities.tickets!.fields.tags = f.list(f.text(), { default: ['ok', 3] });
    },
    path: 'entities.tickets.fields.tags.default',
    mentions: 'has an item 1 that is 3',
  },
  {
    name: 'min above max',
    edit: (d) => {
      d.entities.tickets!.fields.subject = f.text({ min: 120, max: 5 });
    },
    path: 'entities.tickets.fields.subject.min',
    mentions: "'subject' has min 120 above its max 5",
  },
  {
    name: 'a pattern that is not a regular expression',
    edit: (d) => {
      d.entities.tickets!.fields.subject = f.text({ pattern: '([a-z' });
    },
    path: 'entities.tickets.fields.subject.pattern',
    mentions: "the pattern of 'subject' is not a valid regular expression",
  },
  {
    name: 'an object field on an entity',
    edit: (d) => {
      d.entities.tickets!.fields.meta = f.object({ source: f.text() });
    },
    path: 'entities.tickets.fields.meta',
    mentions: "'meta' is an object field, which only an action's input or output may have",
  },
  {
    name: 'a map field in a transition input',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.resolve!.input.extra = f.map(f.text());
    },
    path: 'entities.tickets.states.transitions.resolve.input.extra',
    mentions: "'extra' is a map field",
  },
  {
    name: 'an enum without values',
    edit: (d) => {
      d.entities.tickets!.fields.category = f.enum([]);
    },
    path: 'entities.tickets.fields.category.values',
    mentions: "'category' has no values",
  },
  {
    name: 'an enum with a repeated value',
    edit: (d) => {
      d.entities.tickets!.fields.category = f.enum(['billing', 'other', 'billing']);
    },
    path: 'entities.tickets.fields.category.values',
    mentions: "'billing' more than once",
  },
  {
    name: 'a bad bound on a list item',
    edit: (d) => {
      d.entities.tickets!.fields.tags = f.list(f.text({ min: 20, max: 1 }), { default: [] });
    },
    path: 'entities.tickets.fields.tags.of.min',
    mentions: "'tags item' has min 20 above its max 1",
  },
  ...(
    [
      [
        'integer choices that are not whole numbers',
        f.integer({ choices: [15, 22.5] }),
        'choices',
        "'minutes' offers 22.5, which is not a whole number",
      ],
      [
        'integer choices listed twice',
        f.integer({ choices: [15, 30, 15] }),
        'choices',
        "'minutes' lists 15 more than once",
      ],
      [
        'integer choices outside min and max',
        f.integer({ min: 10, max: 60, choices: [5, 30, 90] }),
        'choices',
        "'minutes' offers 5, 90 outside its min and max",
      ],
      ['integer with no choices', f.integer({ choices: [] }), 'choices', "'minutes' has no choices"],
      [
        'a default not among the choices',
        f.integer({ choices: [15, 30], default: 20 }),
        'default',
        "the default of 'minutes' is 20: it must be one of 15, 30",
      ],
      [
        'a date default that does not exist',
        f.date({ default: '2026-02-30' }),
        'default',
        'the default of \'minutes\' is "2026-02-30": it must be a date that exists',
      ],
      [
        'a date default before its min',
        f.date({ min: '2026-01-01', default: '2025-06-01' }),
        'default',
        'it must be on or after 2026-01-01',
      ],
      [
        'a date min that is no date',
        f.date({ min: '2026-02-30' }),
        'min',
        "the min of 'minutes' is not a date",
      ],
      [
        'a date max that is no date',
        f.date({ max: 'tomorrow' }),
        'max',
        "the max of 'minutes' is not a date",
      ],
      [
        'date bounds the wrong way round',
        f.date({ min: '2026-12-31', max: '2026-01-01' }),
        'min',
        "'minutes' has min 2026-12-31 after its max 2026-01-01",
      ],
      [
        'a url default running script',
        f.url({ default: 'javascript:alert(1)' }),
        'default',
        'it must be a web address',
      ],
      ['a url with a negative max', f.url({ max: -1 }), 'max', "'minutes' has a negative max length"],
    ] as const
  ).map(
    ([name, field, at, mentions]): BrokenCase => ({
      name,
      edit: (d) => {
        d.entities.tickets!.fields.minutes = field;
      },
      path: `entities.tickets.fields.minutes.${at}`,
      mentions,
    }),
  ),
];

describe('checkFields', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it.each([
    ['a Unicode-mode pattern', '\\p{L}+'],
    ['a pattern valid only outside Unicode mode, as the validator falls back', '[a-z]+\\-[0-9]+'],
  ])('accepts %s', (_, pattern) => {
    const broken = breakApp(helpdesk, (d) => {
      d.entities.tickets!.fields.subject = f.text({ pattern });
    });
    expect(checkApp(broken).problems).toEqual([]);
  });

  it('accepts dates, web addresses and integer choices used well', () => {
    const fine = breakApp(helpdesk, (d) => {
      d.entities.tickets!.fields.minutes = f.integer({
        min: 15,
        max: 60,
        choices: [15, 30, 45, 60],
        default: 30,
      });
      d.entities.tickets!.fields.due = f.date({
        min: '2020-01-01',
        max: '2030-12-31',
        default: '2026-06-01',
      });
      d.entities.tickets!.fields.link = f.url({ optional: true, default: 'https://example.com/help' });
      d.entities.tickets!.fields.days = f.list(f.date(), { default: ['2026-01-01'] });
    });
    expect(checkApp(fine).problems).toEqual([]);
  });

  it('accepts objects and maps in an action input and output', () => {
    const broken = breakApp(helpdesk, (d) => {
      d.actions.ticketStats!.input = { range: f.object({ from: f.datetime(), to: f.datetime() }) };
    });
    expect(checkApp(broken).problems).toEqual([]);
  });
});
