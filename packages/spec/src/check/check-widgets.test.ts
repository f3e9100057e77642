import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import type { App } from '../app/define-app';
import { caller, constant, field, now } from '../rules/expr';
import { type BrokenCase, type Draft, messagesAt } from './break-app';

const widgets = (d: Draft<App>) => d.screens.dashboard!.widgets!;

const cases: BrokenCase[] = [
  {
    name: 'a widget on an unknown entity',
    edit: (d) => {
      widgets(d)[0] = { kind: 'count', title: 'Open', entity: 'tikets' };
    },
    path: 'screens.dashboard.widgets[0].entity',
    mentions: "'tikets', which is not an entity of the app",
  },
  {
    name: 'a widget filtering on an unknown field',
    edit: (d) => {
      widgets(d)[1] = { kind: 'list', title: 'Queue', entity: 'tickets', where: { state: 'new' } };
    },
    path: 'screens.dashboard.widgets[1].where.state',
    mentions: "'state', which is not a field of tickets",
  },
  {
    name: 'a widget filtering by a value the field never takes',
    edit: (d) => {
      widgets(d)[1] = {
        kind: 'list',
        title: 'Queue',
        entity: 'tickets',
        where: { status: ['new', 'waiting'] },
      };
    },
    path: 'screens.dashboard.widgets[1].where.status',
    mentions: "'waiting', which is not one of new, open, pending, resolved, closed, cancelled",
  },
  {
    name: 'a widget sorted by an unknown field',
    edit: (d) => {
      widgets(d)[1] = { kind: 'list', title: 'Queue', entity: 'tickets', sort: '-due' };
    },
    path: 'screens.dashboard.widgets[1].sort',
    mentions: "'due', which is not a field of tickets",
  },
  {
    name: 'a widget sorted on an optional field (regression: passed check, then answered 400)',
    edit: (d) => {
      widgets(d)[1] = { kind: 'list', title: 'Queue', entity: 'tickets', sort: '-resolvedAt' };
    },
    path: 'screens.dashboard.widgets[1].sort',
    mentions: "the sort is refused by the server: 'resolvedAt' cannot be sorted on: it is optional",
  },
  {
    name: 'a widget sorted on a field no index serves',
    edit: (d) => {
      widgets(d)[1] = { kind: 'list', title: 'Queue', entity: 'tickets', sort: 'category' };
    },
    path: 'screens.dashboard.widgets[1].sort',
    mentions: "'category' cannot be sorted on: it is not declared sortable; lists sort by createdAt",
  },
  {
    name: 'a widget filtering on a field the server cannot filter on',
    edit: (d) => {
      widgets(d)[1] = { kind: 'count', title: 'Tagged', entity: 'tickets', where: { tags: 'vpn' } };
    },
    path: 'screens.dashboard.widgets[1].where.tags',
    mentions: "the filter is refused by the server: 'tags' cannot be filtered on",
  },
  {
    name: 'a widget for an undeclared role',
    edit: (d) => {
      widgets(d)[0]!.roles = ['customers'];
    },
    path: 'screens.dashboard.widgets[0].roles[0]',
    mentions: "'customers' is not a role of the app",
  },
  {
    name: 'a chart of an unknown action',
    edit: (d) => {
      widgets(d)[2] = { kind: 'chart', title: 'Stats', action: 'ticketStatistics', series: ['byStatus'] };
    },
    path: 'screens.dashboard.widgets[2].action',
    mentions: "'ticketStatistics', which is not an action of the app",
  },
  {
    name: 'a chart series that is not an output of the action',
    edit: (d) => {
      widgets(d)[2] = { kind: 'chart', title: 'Stats', action: 'ticketStats', series: ['byState'] };
    },
    path: 'screens.dashboard.widgets[2].series[0]',
    mentions: "'byState', which is not an output of action 'ticketStats'",
  },
  {
    name: 'a chart series that is not a map',
    edit: (d) => {
      widgets(d)[2] = { kind: 'chart', title: 'Mine', action: 'assignToMe', series: ['status'] };
    },
    path: 'screens.dashboard.widgets[2].series[0]',
    mentions: "'status', which is a text output, not a map",
  },
  {
    name: 'a custom widget without a component',
    edit: (d) => {
      widgets(d)[2] = { kind: 'custom', title: 'Hello', component: '' };
    },
    path: 'screens.dashboard.widgets[2].component',
    mentions: "custom widget 'Hello' names no component",
  },
  {
    name: 'two widgets of one screen with one name',
    edit: (d) => {
      widgets(d)[2]!.name = widgets(d)[1]!.name!;
    },
    path: 'screens.dashboard.widgets[2].name',
    mentions: "two widgets of the screen are named 'queue' (also screens.dashboard.widgets[1])",
  },
  {
    name: 'a widget name that is not a name',
    edit: (d) => {
      widgets(d)[0]!.name = 'my open tickets';
    },
    path: 'screens.dashboard.widgets[0].name',
    mentions: "widget name 'my open tickets' is not a name",
  },
  {
    name: 'a relative filter with an operator the field does not take',
    edit: (d) => {
      widgets(d)[1] = { kind: 'count', title: 'Soon', entity: 'tickets', where: { subject: { lt: now() } } };
    },
    path: 'screens.dashboard.widgets[1].where.subject',
    mentions: "the filter is refused by the server: 'subject' takes eq, ne, in, contains, not lt",
  },
  {
    name: 'a relative filter that reads a record',
    edit: (d) => {
      widgets(d)[1] = {
        kind: 'count',
        title: 'Late',
        entity: 'tickets',
        where: { dueAt: { lt: field('createdAt') as never } },
      };
    },
    path: 'screens.dashboard.widgets[1].where.dueAt',
    mentions: "reads field 'createdAt', but a widget filter has no record to read",
  },
  {
    name: 'a relative filter on an unknown constant',
    edit: (d) => {
      widgets(d)[1] = {
        kind: 'count',
        title: 'Late',
        entity: 'tickets',
        where: { satisfaction: { gte: constant('MIN_SCORE') } },
      };
    },
    path: 'screens.dashboard.widgets[1].where.satisfaction',
    mentions: "reads constant 'MIN_SCORE', which is not a declared constant",
  },
  {
    name: 'an operator that is not one',
    edit: (d) => {
      widgets(d)[1] = {
        kind: 'count',
        title: 'Late',
        entity: 'tickets',
        where: { dueAt: { before: now() } as never },
      };
    },
    path: 'screens.dashboard.widgets[1].where.dueAt',
    mentions: "with 'before', which is not one of eq, ne",
  },
  {
    name: 'an operator with a value the field never takes',
    edit: (d) => {
      widgets(d)[1] = {
        kind: 'count',
        title: 'Bad',
        entity: 'tickets',
        where: { priority: { ne: 'critical' } },
      };
    },
    path: 'screens.dashboard.widgets[1].where.priority',
    mentions: "'critical', which is not one of low, normal, high, urgent",
  },
  {
    name: 'an aggregate chart of an unknown entity',
    edit: (d) => {
      widgets(d)[3] = { kind: 'chart', title: 'By status', entity: 'tikets', groupBy: 'status' };
    },
    path: 'screens.dashboard.widgets[3].entity',
    mentions: "'tikets', which is not an entity of the app",
  },
  {
    name: 'an aggregate chart grouped by an unknown field',
    edit: (d) => {
      widgets(d)[3] = { kind: 'chart', title: 'By state', entity: 'tickets', groupBy: 'state' };
    },
    path: 'screens.dashboard.widgets[3].groupBy',
    mentions: "'state', which is not a field of tickets",
  },
  {
    name: 'an aggregate chart grouped by a list field',
    edit: (d) => {
      widgets(d)[3] = { kind: 'chart', title: 'By tag', entity: 'tickets', groupBy: 'tags' };
    },
    path: 'screens.dashboard.widgets[3].groupBy',
    mentions: "groups by 'tags', which holds no single value",
  },
  {
    name: 'an aggregate chart summing nothing',
    edit: (d) => {
      widgets(d)[3] = { kind: 'chart', title: 'Score', entity: 'tickets', groupBy: 'status', fn: 'sum' };
    },
    path: 'screens.dashboard.widgets[3].field',
    mentions: 'computes sum but names no field',
  },
  {
    name: 'an aggregate chart averaging text',
    edit: (d) => {
      widgets(d)[3] = {
        kind: 'chart',
        title: 'Score',
        entity: 'tickets',
        groupBy: 'status',
        fn: 'avg',
        field: 'subject',
      };
    },
    path: 'screens.dashboard.widgets[3].field',
    mentions: "computes avg over 'subject', a text field",
  },
  {
    name: 'an aggregate chart filtering on an unknown field',
    edit: (d) => {
      widgets(d)[3] = {
        kind: 'chart',
        title: 'Mine',
        entity: 'tickets',
        groupBy: 'status',
        where: { owner: caller('id') },
      };
    },
    path: 'screens.dashboard.widgets[3].where.owner',
    mentions: "'owner', which is not a field of tickets",
  },
];

describe('checkWidgets', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });

  it('takes one name on two screens, and widgets without a name', () => {
    const edit = (d: Draft<App>) => {
      d.screens.second = {
        route: '/second',
        kind: 'dashboard',
        title: 'Second',
        widgets: [
          { name: 'queue', kind: 'count', title: 'New', entity: 'tickets', where: { status: 'new' } },
          { kind: 'count', title: 'All', entity: 'tickets' },
        ],
      };
    };
    expect(messagesAt(helpdesk, edit, 'screens.second.widgets[0].name')).toEqual([]);
    expect(messagesAt(helpdesk, edit, 'screens.second.widgets[1].name')).toEqual([]);
  });

  it('takes aggregate charts and relative filters that are right', () => {
    const edit = (d: Draft<App>) => {
      widgets(d).push(
        {
          kind: 'chart',
          title: 'Score by priority',
          entity: 'tickets',
          groupBy: 'priority',
          fn: 'avg',
          field: 'satisfaction',
        },
        {
          kind: 'count',
          title: 'Overdue',
          entity: 'tickets',
          where: { dueAt: { lt: now() }, assignee: caller('id') },
        },
      );
    };
    const n = helpdesk.screens.dashboard!.widgets!.length;
    expect(messagesAt(helpdesk, edit, `screens.dashboard.widgets[${n}]`)).toEqual([]);
    expect(messagesAt(helpdesk, edit, `screens.dashboard.widgets[${n + 1}].where.dueAt`)).toEqual([]);
    expect(messagesAt(helpdesk, edit, `screens.dashboard.widgets[${n + 1}].where.assignee`)).toEqual([]);
  });
});
