import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { f } from '../fields/field';
import { allow } from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'an action for an undeclared role',
    edit: (d) => {
      d.actions.assignToMe!.who = { agents: allow() };
    },
    path: 'actions.assignToMe.who.agents',
    mentions: "'agents' is not a role of the app",
  },
  {
    name: 'an action nobody may call',
    edit: (d) => {
      d.actions.assignToMe!.who = {};
    },
    path: 'actions.assignToMe.who',
    mentions: "action 'assignToMe' lets no role call it, and no trigger or schedule runs it",
  },
  {
    name: 'an action input referring to an undeclared entity',
    edit: (d) => {
      d.actions.assignToMe!.input = { ticketId: f.ref('ticket') };
    },
    path: 'actions.assignToMe.input.ticketId.entity',
    mentions:
      "'ticket', which is not an entity of the app (entities: users, teams, tickets, comments, articles) — did you mean 'tickets'?",
  },
  {
    name: 'an action output with a bad nested field',
    edit: (d) => {
      d.actions.ticketStats!.output = { byStatus: f.map(f.enum([])) };
    },
    path: 'actions.ticketStats.output.byStatus.of.values',
    mentions: "'byStatus value' has no values",
  },
];

describe('checkActions', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it('lets an action only a schedule runs name no role', () => {
    const edit = (d: Parameters<Parameters<typeof messagesAt>[1]>[0]) => {
      d.actions.ticketStats!.who = {};
      d.schedules = {
        nightly: { name: 'nightly', cron: '0 2 * * *', zone: 'UTC', action: 'ticketStats', input: {} },
      };
    };
    expect(messagesAt(helpdesk, edit, 'actions.ticketStats.who')).toEqual([]);
  });
});
