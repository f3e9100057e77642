import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { allow } from '../rules/rule';
import { type BrokenCase, breakApp, messagesAt } from './break-app';
import { checkApp } from './check-app';

const transition = (name: string, from: string[], to: string) => ({
  name,
  label: name,
  from,
  to,
  who: { agent: allow() },
  input: {},
  set: {},
  requires: [],
});

const cases: BrokenCase[] = [
  {
    name: 'a transition to an unknown state',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.triage!.to = 'opened';
    },
    path: 'entities.tickets.states.transitions.triage.to',
    mentions: "transition 'triage' goes to 'opened', which is not a state of tickets",
  },
  {
    name: 'a transition from an unknown state',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.await!.from = ['opne'];
    },
    path: 'entities.tickets.states.transitions.await.from',
    mentions: "'opne', which is not a state of tickets",
  },
  {
    name: 'an unknown initial state',
    edit: (d) => {
      d.entities.tickets!.states!.initial = 'fresh';
    },
    path: 'entities.tickets.states.initial',
    mentions: "'fresh', which is not a state of tickets",
  },
  {
    name: 'a state no transition reaches',
    edit: (d) => {
      d.entities.tickets!.states!.states.archived = { label: 'Archived', final: true };
    },
    path: 'entities.tickets.states.states.archived',
    mentions: "state 'archived' cannot be reached",
  },
  {
    name: 'a state reached only from an unreachable one',
    edit: (d) => {
      const machine = d.entities.tickets!.states!;
      machine.states.limbo = { label: 'Limbo', final: false };
      machine.states.gone = { label: 'Gone', final: true };
      machine.transitions.vanish = transition('vanish', ['limbo'], 'gone');
    },
    path: 'entities.tickets.states.states.gone',
    mentions: "'gone'",
  },
  {
    name: 'a transition out of a final state',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.revive = transition('revive', ['closed'], 'open');
    },
    path: 'entities.tickets.states.transitions.revive.from',
    mentions: "leaves 'closed', which is a final state",
  },
];

describe('checkStates', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it('accepts a non-final state with no way out', () => {
    const broken = breakApp(helpdesk, (d) => {
      const machine = d.entities.tickets!.states!;
      machine.states.onHold = { label: 'On hold', final: false };
      machine.transitions.hold = transition('hold', ['open'], 'onHold');
    });
    expect(checkApp(broken).problems).toEqual([]);
  });
});
