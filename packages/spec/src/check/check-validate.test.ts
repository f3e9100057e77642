import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { lit } from '../rules/expr';
import { changed } from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'a validation reported on an unknown field',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.field = 'rating';
    },
    path: 'entities.tickets.validate[0].field',
    mentions: "reports on 'rating', which is not a field of tickets",
  },
  {
    name: 'a validation with an unknown error code',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.error = 'RATING_NOT_ALLOWED';
    },
    path: 'entities.tickets.validate[0].error',
    mentions: "'RATING_NOT_ALLOWED' is not a built-in or declared error code",
  },
  {
    name: "a validation error whose message's params are not given",
    edit: (d) => {
      d.entities.tickets!.validate[0]!.error = 'REOPEN_WINDOW_EXPIRED';
    },
    path: 'entities.tickets.validate[0].error',
    mentions: 'uses {days}, but no params are given',
  },
  {
    name: 'a validation error given only some of its params',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.error = 'LIMIT_EXCEEDED';
      d.entities.tickets!.validate[0]!.params = { max: lit(5) };
    },
    path: 'entities.tickets.validate[0].error',
    mentions: 'uses {limit}, but only {max} is given',
  },
  {
    name: "a validation's when on an unknown field",
    edit: (d) => {
      d.entities.tickets!.validate[0]!.when = changed('rating');
    },
    path: 'entities.tickets.validate[0].when',
    mentions: "'rating', which is not a field of tickets",
  },
];

describe('checkValidations', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});
