import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'an optional field',
    edit: (d) => {
      d.entities.tickets!.sortable = ['dueAt', 'resolvedAt'];
    },
    path: 'entities.tickets.sortable[1]',
    mentions: "'resolvedAt' cannot be a sort: it is optional",
  },
  {
    name: 'a list field',
    edit: (d) => {
      d.entities.tickets!.sortable = ['tags'];
    },
    path: 'entities.tickets.sortable[0]',
    mentions: "'tags' cannot be a sort: it is a list field",
  },
  {
    name: 'long text no index can hold',
    edit: (d) => {
      d.entities.tickets!.sortable = ['description'];
    },
    path: 'entities.tickets.sortable[0]',
    mentions: "'description' cannot be a sort: it is a longText field",
  },
  {
    name: 'a field that does not exist',
    edit: (d) => {
      d.entities.tickets!.sortable = ['due'];
    },
    path: 'entities.tickets.sortable[0]',
    mentions: "'due' cannot be a sort: it is no field of the entity",
  },
];

describe('checkSortable', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});
