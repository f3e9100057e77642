import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'a field that does not exist',
    edit: (d) => {
      d.entities.tickets!.search = ['subject', 'summary'];
    },
    path: 'entities.tickets.search[1]',
    mentions: "search names 'summary', which is not a field of tickets",
  },
  {
    name: 'a field that is not text',
    edit: (d) => {
      d.entities.tickets!.search = ['priority'];
    },
    path: 'entities.tickets.search[0]',
    mentions: "'priority' is of type enum; search covers text",
  },
  {
    name: 'a field named twice',
    edit: (d) => {
      d.entities.tickets!.search = ['subject', 'subject'];
    },
    path: 'entities.tickets.search[1]',
    mentions: "'subject' is named twice",
  },
  {
    name: 'no fields',
    edit: (d) => {
      d.entities.tickets!.search = [];
    },
    path: 'entities.tickets.search',
    mentions: 'search names no fields',
  },
  {
    name: 'more fields than the index has weights',
    edit: (d) => {
      d.entities.tickets!.search = ['subject', 'description', 'resolution', 'subject', 'description'];
    },
    path: 'entities.tickets.search',
    mentions: 'search covers at most 4 fields',
  },
];

describe('checkSearch', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it('takes the helpdesk as it is', () => {
    expect(messagesAt(helpdesk, () => {}, 'entities.tickets.search')).toEqual([]);
  });
});
