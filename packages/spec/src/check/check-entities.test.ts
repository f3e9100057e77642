import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { f } from '../fields/field';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'a title that is not a field',
    edit: (d) => {
      d.entities.tickets!.title = 'headline';
    },
    path: 'entities.tickets.title',
    mentions: "'headline', which is not a field of tickets",
  },
  {
    name: 'a declared field named like a system field',
    edit: (d) => {
      d.entities.teams!.fields.version = f.integer();
    },
    path: 'entities.teams.fields.version',
    mentions: "'version' is a system field",
  },
  {
    name: 'a required read-only field nothing ever sets',
    edit: (d) => {
      d.entities.tickets!.fields.closedBy = f.ref('users', { readOnly: true });
    },
    path: 'entities.tickets.fields.closedBy',
    mentions: "'closedBy' is required and read-only",
  },
  {
    name: 'an index on an unknown column',
    edit: (d) => {
      d.entities.tickets!.indexes[1] = ['assignee', 'state'];
    },
    path: 'entities.tickets.indexes[1][1]',
    mentions: "'state', which is not a field of tickets",
  },
];

describe('checkEntities', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it.each([
    ['optional', f.datetime({ optional: true, readOnly: true })],
    ['defaulted', f.boolean({ readOnly: true, default: false })],
    ['set by a transition', f.longText({ readOnly: true })],
  ])('accepts a read-only field that is %s', (_, field) => {
    const edit = (d: Parameters<BrokenCase['edit']>[0]) => {
      d.entities.tickets!.fields.resolution = field;
    };
    expect(messagesAt(helpdesk, edit, 'entities.tickets.fields.resolution')).toEqual([]);
  });
});
