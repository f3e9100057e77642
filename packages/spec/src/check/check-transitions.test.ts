import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { f } from '../fields/field';
import { constant, lit, now } from '../rules/expr';
import { eq, gt } from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'a transition run by an undeclared role',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.triage!.who = { agnet: eq('status', 'new') };
    },
    path: 'entities.tickets.states.transitions.triage.who.agnet',
    mentions:
      "'agnet' is not a role of the app (roles: customer, agent, admin, anonymous) — did you mean 'agent'?",
  },
  {
    name: 'a transition nobody may run',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.triage!.who = {};
    },
    path: 'entities.tickets.states.transitions.triage.who',
    mentions: "transition 'triage' lets no role run it, and no timer or trigger takes it",
  },
  {
    name: 'a who rule on an unknown field',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.respond!.who.customer = eq('requestor', 'x');
    },
    path: 'entities.tickets.states.transitions.respond.who.customer',
    mentions: "'requestor', which is not a field of tickets",
  },
  {
    name: 'a set of an unknown field',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.resolve!.set.resolvedOn = now();
    },
    path: 'entities.tickets.states.transitions.resolve.set.resolvedOn',
    mentions: "transition 'resolve' sets 'resolvedOn', which is not a field of tickets",
  },
  {
    name: 'a set of the state field',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.resolve!.set.status = lit('closed');
    },
    path: 'entities.tickets.states.transitions.resolve.set.status',
    mentions: "sets the state field 'status'",
  },
  {
    name: 'a set of a computed field',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.resolve!.set.dueAt = now();
    },
    path: 'entities.tickets.states.transitions.resolve.set.dueAt',
    mentions: "sets 'dueAt', but only the server sets it (it is computed)",
  },
  {
    name: 'a set to a value of the wrong type',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.reopen!.set.resolution = lit(7);
    },
    path: 'entities.tickets.states.transitions.reopen.set.resolution',
    mentions: "sets 'resolution' to a value that is 7, which is not text",
  },
  {
    name: 'a precondition with an unknown error code',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.reopen!.requires[0]!.error = 'REOPEN_EXPIRED';
    },
    path: 'entities.tickets.states.transitions.reopen.requires[0].error',
    mentions: "'REOPEN_EXPIRED' is not a built-in or declared error code",
  },
  {
    name: "a precondition that does not give its message's params",
    edit: (d) => {
      d.entities.tickets!.states!.transitions.reopen!.requires[0]!.params = {};
    },
    path: 'entities.tickets.states.transitions.reopen.requires[0].error',
    mentions: "the message of 'REOPEN_WINDOW_EXPIRED' uses {days}, but no params are given",
  },
  {
    name: 'a precondition param reading an unknown constant',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.reopen!.requires[0]!.params.days = constant('REOPEN_DAYS');
    },
    path: 'entities.tickets.states.transitions.reopen.requires[0].params.days',
    mentions: "'REOPEN_DAYS', which is not a declared constant",
  },
  {
    name: 'a precondition on an unknown field',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.reopen!.requires[0]!.check = gt('satisfactoin', 2);
    },
    path: 'entities.tickets.states.transitions.reopen.requires[0].check',
    mentions: "'satisfactoin', which is not a field of tickets",
  },
  {
    name: 'a transition input referring to an undeclared entity',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.triage!.input.team = f.ref('squads', { optional: true });
    },
    path: 'entities.tickets.states.transitions.triage.input.team.entity',
    mentions: "'squads', which is not an entity of the app",
  },
];

describe('checkTransitions', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  // Only the system takes these: a timed transition, and one a trigger takes.
  it.each([
    ['close', 'a timer takes it'],
    ['respond', 'the trigger customerReplyReopens takes it'],
  ])('lets %s name no role (%s)', (transition) => {
    const path = `entities.tickets.states.transitions.${transition}.who`;
    const edit = (d: Parameters<Parameters<typeof messagesAt>[1]>[0]) => {
      d.entities.tickets!.states!.transitions[transition]!.who = {};
    };
    expect(messagesAt(helpdesk, edit, path)).toEqual([]);
  });
});
