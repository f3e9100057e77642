import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { allow } from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'a grant to an undeclared role',
    edit: (d) => {
      d.entities.tickets!.access.read.custmer = [{ where: allow() }];
    },
    path: 'entities.tickets.access.read.custmer',
    mentions: "'custmer' is not a role of the app",
  },
  {
    name: 'a grant of an unknown field',
    edit: (d) => {
      d.entities.tickets!.access.create.customer = [{ where: allow(), fields: ['subject', 'body'] }];
    },
    path: 'entities.tickets.access.create.customer[0].fields[1]',
    mentions: "'body', which is not a field of tickets",
  },
  {
    name: 'a write grant of a read-only field',
    edit: (d) => {
      d.entities.tickets!.access.update.agent = [{ where: allow(), fields: ['priority', 'status'] }];
    },
    path: 'entities.tickets.access.update.agent[0].fields[1]',
    mentions: "lets callers write 'status', but it is read-only",
  },
  {
    name: 'an update grant of an immutable field',
    edit: (d) => {
      d.entities.comments!.access.update.agent = [{ where: allow(), fields: ['body', 'internal'] }];
    },
    path: 'entities.comments.access.update.agent[0].fields[1]',
    mentions: "change 'internal', but it is immutable",
  },
  {
    name: 'a write grant of a system field',
    edit: (d) => {
      d.entities.teams!.access.update.admin = [{ where: allow(), fields: ['name', 'createdAt'] }];
    },
    path: 'entities.teams.access.update.admin[0].fields[1]',
    mentions: "'createdAt', but it is a system field",
  },
];

describe('checkAccess', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it('accepts anonymous as a role', () => {
    const edit: BrokenCase['edit'] = (d) => {
      d.entities.teams!.access.read.anonymous = [{ where: allow() }];
    };
    expect(messagesAt(helpdesk, edit, 'entities.teams.access.read.anonymous')).toEqual([]);
  });
});
