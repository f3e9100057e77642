import clinic from '@ninefold/example-clinic';
import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { caller, constant, countOf, field, lit, lookup, now } from '../rules/expr';
import { and, callerIs, changed, hasRole, inState, related } from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';
import { checkApp } from './check-app';

type App = Parameters<BrokenCase['edit']>[0];
const close = (d: App) => d.entities.tickets!.states!.transitions.close!;
const reopens = (d: App) => d.triggers.customerReplyReopens!;

// Timed transitions and the events every listener declares.
const timerCases: BrokenCase[] = [
  {
    name: 'a timer with no span',
    edit: (d) => {
      close(d).after = { since: 'resolvedAt' };
    },
    path: 'entities.tickets.states.transitions.close.after',
    mentions: "the timer of transition 'close' gives no span",
  },
  {
    name: 'a timer since an unknown field',
    edit: (d) => {
      close(d).after = { since: 'resolvdAt', days: lit(7) };
    },
    path: 'entities.tickets.states.transitions.close.after.since',
    mentions: "counts from 'resolvdAt', which is not a field of tickets",
  },
  {
    name: 'a timer since a field that is not a datetime',
    edit: (d) => {
      close(d).after = { since: 'subject', days: lit(7) };
    },
    path: 'entities.tickets.states.transitions.close.after.since',
    mentions: "counts from 'subject', which is a text field, not a datetime",
  },
  {
    name: 'an amount from a constant that is not a number',
    edit: (d) => {
      close(d).after = { since: 'resolvedAt', days: constant('SLA_HOURS') };
    },
    path: 'entities.tickets.states.transitions.close.after.days',
    mentions: "takes its days from constant 'SLA_HOURS', which is an object, not a number",
  },
  {
    name: 'an amount from an unknown constant',
    edit: (d) => {
      close(d).after = { since: 'resolvedAt', days: constant('REOPEN_DAYS') };
    },
    path: 'entities.tickets.states.transitions.close.after.days',
    mentions: "'REOPEN_DAYS', which is not a declared constant",
  },
  {
    name: 'an amount from a text field',
    edit: (d) => {
      close(d).after = { since: 'resolvedAt', hours: field('subject') };
    },
    path: 'entities.tickets.states.transitions.close.after.hours',
    mentions: "field 'subject' (text), which is text, not a number",
  },
  {
    name: 'an amount from the clock',
    edit: (d) => {
      close(d).after = { since: 'resolvedAt', minutes: now() };
    },
    path: 'entities.tickets.states.transitions.close.after.minutes',
    mentions: 'from the clock, which moves on while the timer waits',
  },
  {
    name: 'an amount counting other records',
    edit: (d) => {
      close(d).after = { since: 'resolvedAt', days: countOf('comments', 'ticket') };
    },
    path: 'entities.tickets.states.transitions.close.after.days',
    mentions: 'aggregates of related records are only judged in rules',
  },
  {
    name: 'a timed transition that requires input',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.resolve!.after = { days: lit(3) };
    },
    path: 'entities.tickets.states.transitions.resolve.after',
    mentions: "fires by itself with no input, but its input 'resolution' is required",
  },
  {
    name: 'a timed transition whose precondition needs a caller',
    edit: (d) => {
      close(d).requires = [{ check: callerIs('requester'), error: 'FORBIDDEN', params: {} }];
    },
    path: 'entities.tickets.states.transitions.close.requires[0].check',
    mentions: "as the system with no caller, but this reads callerIs('requester')",
  },
  {
    name: 'an event on an unknown entity',
    edit: (d) => {
      reopens(d).on.entity = 'coments';
    },
    path: 'triggers.customerReplyReopens.on.entity',
    mentions: "listens to 'coments', which is not an entity of the app",
  },
  {
    name: 'an event of an unknown operation',
    edit: (d) => {
      reopens(d).on.op = 'created' as never;
    },
    path: 'triggers.customerReplyReopens.on.op',
    mentions: "listens for 'created', which is not an event",
  },
  {
    name: 'an event on an unknown transition',
    edit: (d) => {
      d.notifications.ticketResolved!.on.transitions = ['resolv'];
    },
    path: 'notifications.ticketResolved.on.transition',
    mentions: "'resolv', which is not a transition of tickets",
  },
  {
    name: 'transitions of an entity with no states',
    edit: (d) => {
      d.webhooks.ticketEvents!.on[1] = { entity: 'comments', op: 'transition' };
    },
    path: 'webhooks.ticketEvents.on[1].transition',
    mentions: 'listens for transitions of comments, which has no states',
  },
  {
    name: 'a when asking for an unknown state',
    edit: (d) => {
      reopens(d).on.when = related('ticket', inState('pendng'));
    },
    path: 'triggers.customerReplyReopens.on.when',
    mentions: "'pendng', which is not a state of tickets",
  },
  {
    name: "a timed event's when that needs a caller",
    edit: (d) => {
      d.notifications.slaAtRisk!.on.when = and(inState('new'), hasRole('agent'));
    },
    path: 'notifications.slaAtRisk.on.when',
    mentions: "reads hasRole('agent'), which needs a caller",
  },
  {
    name: "a timed event's when that asks what changed",
    edit: (d) => {
      d.notifications.slaAtRisk!.on.when = changed('priority');
    },
    path: 'notifications.slaAtRisk.on.when',
    mentions: 'is a timed event, but its when asks what changed',
  },
  {
    name: "a timed event's timer since a field that is not a datetime",
    edit: (d) => {
      d.notifications.slaAtRisk!.on.after = { since: 'priority', hours: lit(-4) };
    },
    path: 'notifications.slaAtRisk.on.after.since',
    mentions: "the timer of notification 'slaAtRisk' counts from 'priority', which is an enum field",
  },
];

// Triggers: one thing to do, that the system can do.
const triggerCases: BrokenCase[] = [
  {
    name: 'a trigger with both a transition and an action',
    edit: (d) => {
      reopens(d).action = { name: 'ticketStats', input: {} };
    },
    path: 'triggers.customerReplyReopens',
    mentions: 'must take a transition or run an action, not both',
  },
  {
    name: 'a trigger with neither',
    edit: (d) => {
      delete reopens(d).transition;
    },
    path: 'triggers.customerReplyReopens',
    mentions: 'not neither',
  },
  {
    name: 'a trigger taking an unknown transition',
    edit: (d) => {
      reopens(d).transition!.name = 'respnd';
    },
    path: 'triggers.customerReplyReopens.transition.name',
    mentions: "'respnd', which is not a transition of tickets (transitions: triage, await, respond",
  },
  {
    name: 'a trigger taking a transition that requires input',
    edit: (d) => {
      reopens(d).transition!.name = 'resolve';
    },
    path: 'triggers.customerReplyReopens.transition.name',
    mentions: "with no input, but its input 'resolution' is required",
  },
  {
    name: 'a trigger on an entity with no states, taking a transition of its own',
    edit: (d) => {
      delete reopens(d).transition!.record;
    },
    path: 'triggers.customerReplyReopens.transition.name',
    mentions: "takes transition 'respond', but comments has no states",
  },
  {
    name: 'a trigger going through an unknown reference',
    edit: (d) => {
      reopens(d).transition!.record = 'tickt';
    },
    path: 'triggers.customerReplyReopens.transition.record',
    mentions: "'tickt', which is not a reference field of comments",
  },
  {
    name: 'a trigger going through a field that is not a reference',
    edit: (d) => {
      reopens(d).transition!.record = 'body';
    },
    path: 'triggers.customerReplyReopens.transition.record',
    mentions: "'body', which is a longText field, not a reference",
  },
  {
    name: 'a trigger running an unknown action',
    edit: (d) => {
      Object.assign(reopens(d), { transition: undefined, action: { name: 'assignToMee', input: {} } });
    },
    path: 'triggers.customerReplyReopens.action.name',
    mentions: "runs 'assignToMee', which is not an action of the app",
  },
  {
    name: 'a trigger leaving out a required input',
    edit: (d) => {
      Object.assign(reopens(d), { transition: undefined, action: { name: 'assignToMe', input: {} } });
    },
    path: 'triggers.customerReplyReopens.action.input',
    mentions: "without its input 'ticketId', which it requires",
  },
  {
    name: 'a trigger giving an unknown input',
    edit: (d) => {
      const input = { ticketId: field('ticket'), ticket: field('ticket') };
      Object.assign(reopens(d), { transition: undefined, action: { name: 'assignToMe', input } });
    },
    path: 'triggers.customerReplyReopens.action.input.ticket',
    mentions: "'ticket', which is not an input field of action 'assignToMe' (inputs: ticketId)",
  },
  {
    name: 'a trigger working an input out from the caller',
    edit: (d) => {
      const input = { ticketId: caller('id') };
      Object.assign(reopens(d), { transition: undefined, action: { name: 'assignToMe', input } });
    },
    path: 'triggers.customerReplyReopens.action.input.ticketId',
    mentions: "from caller('id'), but runs as the system, with no caller",
  },
  {
    name: 'a trigger giving an input a value it cannot take',
    edit: (d) => {
      Object.assign(reopens(d), {
        transition: undefined,
        action: { name: 'assignToMe', input: { ticketId: lit(3) } },
      });
    },
    path: 'triggers.customerReplyReopens.action.input.ticketId',
    mentions: 'a value that is 3, which is not text',
  },
  {
    name: 'a trigger giving an input a field of another kind',
    edit: (d) => {
      const input = { ticketId: field('internal') };
      Object.assign(reopens(d), { transition: undefined, action: { name: 'assignToMe', input } });
    },
    path: 'triggers.customerReplyReopens.action.input.ticketId',
    mentions: "field 'internal' (boolean), which is true or false, but it takes text",
  },
  {
    name: 'a trigger run in an unknown way',
    edit: (d) => {
      reopens(d).run = 'later' as never;
    },
    path: 'triggers.customerReplyReopens.run',
    mentions: "runs as 'later': use 'transaction' (inside the write) or 'job' (after it commits)",
  },
  {
    name: 'a trigger whose name is not an identifier',
    edit: (d) => {
      d.triggers['reopen on reply'] = { ...reopens(d), name: 'reopen on reply' };
    },
    path: 'triggers.reopen on reply',
    mentions: "trigger 'reopen on reply' is not a name",
  },
];

describe('checkAutomation: timers, events and triggers', () => {
  it('finds nothing wrong with the helpdesk and the clinic', () => {
    expect(checkApp(helpdesk).problems).toEqual([]);
    expect(checkApp(clinic).problems).toEqual([]);
  });

  it.each([...timerCases, ...triggerCases])('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it.each<[string, (d: App) => void, string]>([
    [
      'an amount from a lookup of numbers',
      (d) => {
        close(d).after = { since: 'dueAt', hours: lookup(constant('SLA_HOURS'), 'priority') };
      },
      'entities.tickets.states.transitions.close.after.hours',
    ],
    [
      'a timer with no since, counting from entering the state',
      (d) => {
        close(d).after = { minutes: lit(30) };
      },
      'entities.tickets.states.transitions.close.after',
    ],
    [
      "changed() in a change event's when",
      (d) => {
        reopens(d).on.when = changed('body');
      },
      'triggers.customerReplyReopens.on.when',
    ],
    [
      'a trigger running an action with its input worked out from the record',
      (d) => {
        const input = { ticketId: field('ticket') };
        Object.assign(reopens(d), { transition: undefined, action: { name: 'assignToMe', input } });
      },
      'triggers.customerReplyReopens.action.input.ticketId',
    ],
  ])('accepts %s', (_name, edit, path) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([]);
  });
});
