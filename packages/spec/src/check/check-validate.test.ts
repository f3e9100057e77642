import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { countOf, lit } from '../rules/expr';
import { changed, eq } from '../rules/rule';
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
  {
    name: 'a delete-only validation asking what changed',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.on = ['delete'];
    },
    path: 'entities.tickets.validate[0].when',
    mentions: "judges only deletes, which change no field, but asks whether 'satisfaction' changed",
  },
  {
    name: 'a validation on an unknown write',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.on = ['create', 'remove' as 'delete'];
    },
    path: 'entities.tickets.validate[0].on[1]',
    mentions: "applies to 'remove', which is not a write",
  },
  {
    name: 'a validation on no write',
    edit: (d) => {
      d.entities.tickets!.validate[0]!.on = [];
    },
    path: 'entities.tickets.validate[0].on',
    mentions: 'applies to no write',
  },
];

describe('checkValidations', () => {
  it('accepts a delete rule that reads the record and its aggregates', () => {
    const edit = (d: Parameters<(typeof cases)[number]['edit']>[0]) => {
      d.entities.tickets!.validate.push({
        name: 'noCommentsLeft',
        on: ['delete'],
        check: eq(countOf('comments', 'ticket'), 0),
        error: 'TICKET_CLOSED',
        params: {},
      });
    };
    expect(messagesAt(helpdesk, edit, 'entities.tickets.validate[1].check')).toEqual([]);
  });

  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});
