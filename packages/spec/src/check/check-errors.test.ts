import { describe, expect, it } from 'vitest';
import helpdesk from '../../../../examples/helpdesk/app';
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

describe('checkErrorCatalogue and checkErrorRef', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});
