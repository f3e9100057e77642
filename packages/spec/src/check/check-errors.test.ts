import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { constant, type ExprNode, field, input, lit, lookup, now } from '../rules/expr';
import { type BrokenCase, messagesAt } from './break-app';

const declare = (code: string, status: number) => (d: Parameters<BrokenCase['edit']>[0]) => {
  d.errors[code] = { code, status, message: 'Something.', params: [], paramKinds: {}, builtin: false };
};

const cases: BrokenCase[] = [
  {
    name: 'an error code not in UPPER_SNAKE_CASE',
    edit: declare('ticketClosed', 409),
    path: 'errors.ticketClosed',
    mentions: "error code 'ticketClosed' is not in UPPER_SNAKE_CASE",
  },
  {
    name: 'an error status below 400',
    edit: declare('TOO_LATE', 200),
    path: 'errors.TOO_LATE.status',
    mentions: "status 200 of 'TOO_LATE' is not an error status",
  },
  {
    name: 'an error status above 599',
    edit: declare('TOO_LATE', 600),
    path: 'errors.TOO_LATE.status',
    mentions: 'status 600',
  },
  {
    name: 'an unknown code among an action’s errors',
    edit: (d) => {
      d.actions.assignToMe!.errors = ['NOT_FOUND', 'NOT_FOUDN'];
    },
    path: 'actions.assignToMe.errors[1]',
    mentions: "'NOT_FOUDN' is not a built-in or declared error code (codes: TICKET_CLOSED, OPEN_TICKET_LIMIT",
  },
  {
    name: 'a typed param the message does not have',
    edit: (d) => {
      d.errors.OPEN_TICKET_LIMIT = { ...d.errors.OPEN_TICKET_LIMIT!, paramKinds: { limit: 'number' } };
    },
    path: 'errors.OPEN_TICKET_LIMIT.params.limit',
    mentions: "'OPEN_TICKET_LIMIT' types {limit}, but its message has no {limit}",
  },
];

type App = Parameters<BrokenCase['edit']>[0];
const REOPEN = 'entities.tickets.states.transitions.reopen.requires[0]';
const reopenDays = (d: App) => d.entities.tickets!.states!.transitions.reopen!.requires[0]!.params;
const typeDays = (d: App, kind: 'number' | 'string') => {
  d.errors.REOPEN_WINDOW_EXPIRED = { ...d.errors.REOPEN_WINDOW_EXPIRED!, paramKinds: { days: kind } };
};
// The tickets' validation rule, made to answer REOPEN_WINDOW_EXPIRED with `days` from `expr`.
const validateWith = (expr: ExprNode) => (d: App) => {
  Object.assign(d.entities.tickets!.validate[0]!, {
    error: 'REOPEN_WINDOW_EXPIRED',
    params: { days: expr },
  });
};

// Each param a spec supplies is compared with the kind its error declares, where it can be known.
const mistyped: BrokenCase[] = [
  {
    name: 'a number param given a text constant',
    edit: (d) => {
      d.constants.REOPEN_TEXT = { value: 'seven' };
      reopenDays(d).days = constant('REOPEN_TEXT');
    },
    path: `${REOPEN}.params.days`,
    mentions: "{days} of 'REOPEN_WINDOW_EXPIRED' is declared a number, but constant 'REOPEN_TEXT' is text",
  },
  {
    name: 'a string param given a number constant',
    edit: (d) => typeDays(d, 'string'),
    path: `${REOPEN}.params.days`,
    mentions: "is declared a string, but constant 'REOPEN_WINDOW_DAYS' is a number",
  },
  {
    name: 'a number param given a text literal',
    edit: (d) => {
      reopenDays(d).days = lit('seven');
    },
    path: `${REOPEN}.params.days`,
    mentions: "is declared a number, but the value 'seven' is text",
  },
  {
    name: 'a number param given true',
    edit: (d) => {
      reopenDays(d).days = lit(true);
    },
    path: `${REOPEN}.params.days`,
    mentions: 'but the value true is true or false',
  },
  {
    name: 'a number param given now()',
    edit: (d) => {
      reopenDays(d).days = now();
    },
    path: `${REOPEN}.params.days`,
    mentions: 'but now() (a timestamp) is text',
  },
  {
    name: 'a number param given a transition’s text input',
    edit: (d) => {
      const resolve = d.entities.tickets!.states!.transitions.resolve!;
      resolve.requires = [
        {
          ...d.entities.tickets!.states!.transitions.reopen!.requires[0]!,
          params: { days: input('resolution') },
        },
      ];
    },
    path: 'entities.tickets.states.transitions.resolve.requires[0].params.days',
    mentions: "but input 'resolution' (longText) is text",
  },
  {
    name: 'a number param given an enum field (a validation rule)',
    edit: validateWith(field('priority')),
    path: 'entities.tickets.validate[0].params.days',
    mentions: "is declared a number, but field 'priority' (enum) is text",
  },
  {
    name: 'a string param given a lookup of numbers',
    edit: (d) => {
      typeDays(d, 'string');
      validateWith(lookup(constant('SLA_HOURS'), field('priority')))(d);
    },
    path: 'entities.tickets.validate[0].params.days',
    mentions: "is declared a string, but a lookup in constant 'SLA_HOURS' is a number",
  },
  {
    name: 'a quota’s error with {max} declared a string',
    edit: (d) => {
      d.errors.OPEN_TICKET_LIMIT = { ...d.errors.OPEN_TICKET_LIMIT!, paramKinds: { max: 'string' } };
    },
    path: 'limits.quotas.openTickets.error',
    mentions:
      "{max} of 'OPEN_TICKET_LIMIT' is declared a string, but the quota's max, which the server fills in, is a number",
  },
  {
    name: 'a quota’s error with {limit} declared a number',
    edit: (d) => {
      d.errors.OPEN_TICKET_LIMIT = {
        ...d.errors.OPEN_TICKET_LIMIT!,
        message: 'At most {max} ({limit}).',
        params: ['max', 'limit'],
        paramKinds: { max: 'number', limit: 'number' },
      };
    },
    path: 'limits.quotas.openTickets.error',
    mentions:
      "{limit} of 'OPEN_TICKET_LIMIT' is declared a number, but the quota's name, which the server fills in, is text",
  },
];

// What fits, and what the spec cannot know, is not reported.
const fitting: readonly { name: string; edit: (d: App) => void; path: string }[] = [
  { name: 'the helpdesk as written', edit: () => {}, path: `${REOPEN}.params.days` },
  {
    name: 'an integer field for a number',
    edit: validateWith(field('satisfaction')),
    path: 'entities.tickets.validate[0].params.days',
  },
  {
    name: 'a text field for a string',
    edit: (d) => {
      typeDays(d, 'string');
      validateWith(field('subject'))(d);
    },
    path: 'entities.tickets.validate[0].params.days',
  },
  {
    name: 'an undeclared kind takes anything',
    edit: (d) => {
      d.errors.REOPEN_WINDOW_EXPIRED = { ...d.errors.REOPEN_WINDOW_EXPIRED!, paramKinds: {} };
      reopenDays(d).days = now();
    },
    path: `${REOPEN}.params.days`,
  },
];

describe('checkErrorCatalogue and checkErrorRef', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});

describe('checkErrorRef compares supplied params with their declared kinds', () => {
  it.each(mistyped)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
  it.each(fitting)('accepts $name', ({ edit, path }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([]);
  });
});
