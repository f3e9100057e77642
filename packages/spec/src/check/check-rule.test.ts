import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { f } from '../fields/field';
import { addDays, addHours, constant, field, input, lookup, now } from '../rules/expr';
import {
  allow,
  and,
  callerIs,
  can,
  changed,
  eq,
  hasRole,
  inState,
  lt,
  not,
  or,
  related,
} from '../rules/rule';
import { type BrokenCase, messagesAt } from './break-app';

const sla = (table: string) =>
  f.datetime({ computed: addHours(field('createdAt'), lookup(constant(table), field('priority'))) });

const cases: BrokenCase[] = [
  {
    name: 'an unknown field in an access rule',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: callerIs('requestr') }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'requestr', which is not a field of tickets",
  },
  {
    name: 'an unknown field deep inside and/or/not',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [
        { where: and(callerIs('requester'), or(inState('new'), not(eq('priorty', 'low')))) },
      ];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'priorty', which is not a field of tickets",
  },
  {
    name: 'an unknown state in a rule',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: inState('nwe') }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'nwe', which is not a state of tickets",
  },
  {
    name: "a related() rule on a field of the rule's own entity, not the referenced one",
    edit: (d) => {
      d.entities.comments!.validate[0]!.check = related('ticket', eq('body', 'x'));
    },
    path: 'entities.comments.validate[0].check',
    mentions: "(inside related('ticket')) reads field 'body', which is not a field of tickets",
  },
  {
    name: 'an unknown state of the referenced entity in related()',
    edit: (d) => {
      d.entities.comments!.validate[0]!.check = related('ticket', not(inState('archived')));
    },
    path: 'entities.comments.validate[0].check',
    mentions: "'archived', which is not a state of tickets",
  },
  {
    name: 'related() through a field that is not a reference',
    edit: (d) => {
      d.entities.comments!.validate[0]!.check = related('body', allow());
    },
    path: 'entities.comments.validate[0].check',
    mentions: "'body' is a longText field, not a reference",
  },
  {
    name: 'can() through an unknown field',
    edit: (d) => {
      d.entities.comments!.access.read.customer = [{ where: can('tiket', 'read') }];
    },
    path: 'entities.comments.access.read.customer[0].where',
    mentions: "'tiket', which is not a field of comments",
  },
  {
    name: 'an unknown constant in a computed field',
    edit: (d) => {
      d.entities.tickets!.fields.dueAt = sla('SLA_HOUR');
    },
    path: 'entities.tickets.fields.dueAt.computed',
    mentions: "'SLA_HOUR', which is not a declared constant",
  },
  {
    name: 'an unknown constant in a precondition',
    edit: (d) => {
      d.entities.tickets!.states!.transitions.reopen!.requires[0]!.check = lt(
        now(),
        addDays('resolvedAt', constant('REOPEN_DAYS')),
      );
    },
    path: 'entities.tickets.states.transitions.reopen.requires[0].check',
    mentions: "'REOPEN_DAYS', which is not a declared constant",
  },
  {
    name: 'a lookup table without an entry for every enum value',
    edit: (d) => {
      d.constants.SLA_HOURS = { value: { urgent: 4, high: 24, normal: 72 } };
    },
    path: 'entities.tickets.fields.dueAt.computed',
    mentions: "constant 'SLA_HOURS', which has no entry for low",
  },
  {
    name: "an input the transition doesn't take",
    edit: (d) => {
      d.entities.tickets!.states!.transitions.triage!.set.assignee = input('asignee');
    },
    path: 'entities.tickets.states.transitions.triage.set.assignee',
    mentions: "'asignee', which is not an input field of the transition",
  },
  {
    name: 'an input read outside a transition',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: eq('subject', input('subject')) }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "input 'subject', but only a transition has an input",
  },
  {
    name: 'changed() outside a validation rule',
    edit: (d) => {
      d.entities.tickets!.access.update.customer = [{ where: changed('subject') }];
    },
    path: 'entities.tickets.access.update.customer[0].where',
    mentions: "whether 'subject' changed, which only a validation rule can know",
  },
  {
    name: 'a comparison with a value the enum never takes',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: eq('priority', 'critical') }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'critical', which is not one of low, normal, high, urgent",
  },
  {
    name: 'an undeclared role in hasRole()',
    edit: (d) => {
      d.entities.tickets!.access.read.customer = [{ where: hasRole('superuser') }];
    },
    path: 'entities.tickets.access.read.customer[0].where',
    mentions: "'superuser', which is not a role of the app",
  },
  {
    name: 'a state asked of an entity without states',
    edit: (d) => {
      d.entities.articles!.access.read.anonymous = [{ where: inState('published') }];
    },
    path: 'entities.articles.access.read.anonymous[0].where',
    mentions: 'articles has no states',
  },
  {
    name: "a field read in an action's rule, which has no record",
    edit: (d) => {
      d.actions.ticketStats!.who.agent = eq('status', 'new');
    },
    path: 'actions.ticketStats.who.agent',
    mentions: "action 'ticketStats' has no record to read",
  },
];

describe('checkRule', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});
