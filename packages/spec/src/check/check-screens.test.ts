import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { type BrokenCase, messagesAt } from './break-app';

const cases: BrokenCase[] = [
  {
    name: 'two screens on one route',
    edit: (d) => {
      d.screens.board!.route = '/tickets';
    },
    path: 'screens.board.route',
    mentions: "route '/tickets' of screen 'board' is also the route of screen 'tickets'",
  },
  {
    name: 'two screens on one route with different parameter names',
    edit: (d) => {
      d.screens.newTicket!.route = '/tickets/:ticketId';
    },
    path: 'screens.ticket.route',
    mentions: "is also the route of screen 'newTicket'",
  },
  {
    name: "a route that does not start with '/'",
    edit: (d) => {
      d.screens.articles!.route = 'articles';
    },
    path: 'screens.articles.route',
    mentions: "route 'articles' of screen 'articles' does not start with '/'",
  },
  {
    name: 'a screen for an undeclared role',
    edit: (d) => {
      d.screens.board!.roles = ['agent', 'supervisor'];
    },
    path: 'screens.board.roles[1]',
    mentions: "'supervisor' is not a role of the app",
  },
  {
    name: 'a list screen without an entity',
    edit: (d) => {
      delete d.screens.tickets!.entity;
    },
    path: 'screens.tickets.entity',
    mentions: "list screen 'tickets' shows records, but names no entity",
  },
  {
    name: 'a screen on an unknown entity',
    edit: (d) => {
      d.screens.ticket!.entity = 'ticket';
    },
    path: 'screens.ticket.entity',
    mentions: "'ticket', which is not an entity of the app",
  },
  {
    name: 'a custom screen without a component',
    edit: (d) => {
      d.screens.reports = { route: '/reports', kind: 'custom', title: 'Reports' };
    },
    path: 'screens.reports.component',
    mentions: "custom screen 'reports' names no component",
  },
  {
    name: 'a board on an entity without states',
    edit: (d) => {
      d.screens.board!.entity = 'articles';
    },
    path: 'screens.board.kind',
    mentions: 'articles has no states',
  },
  {
    name: 'an unknown column',
    edit: (d) => {
      d.screens.tickets!.columns = ['subject', 'state'];
    },
    path: 'screens.tickets.columns[1]',
    mentions: "'state', which is not a field of tickets",
  },
  {
    name: 'an unknown filter',
    edit: (d) => {
      d.screens.tickets!.filters = ['priority', 'owner'];
    },
    path: 'screens.tickets.filters[1]',
    mentions: "'owner', which is not a field of tickets",
  },
  {
    name: 'a search on an unknown field',
    edit: (d) => {
      d.screens.tickets!.search = 'title';
    },
    path: 'screens.tickets.search',
    mentions: "'title', which is not a field of tickets",
  },
  {
    name: 'a search on a field that is not text',
    edit: (d) => {
      d.screens.tickets!.search = 'priority';
    },
    path: 'screens.tickets.search',
    mentions: "the search is refused by the server: 'priority' takes eq, ne, in, not contains",
  },
  {
    name: 'a filter the server refuses (a list field)',
    edit: (d) => {
      d.screens.tickets!.filters = ['status', 'tags'];
    },
    path: 'screens.tickets.filters[1]',
    mentions: "the filter is refused by the server: 'tags' cannot be filtered on",
  },
  {
    name: 'a sort on a field no index serves (not declared sortable)',
    edit: (d) => {
      d.screens.tickets!.sort = '-priority';
    },
    path: 'screens.tickets.sort',
    mentions:
      "the sort is refused by the server: 'priority' cannot be sorted on: it is not declared sortable",
  },
  {
    name: 'a sort on an optional field (regression: passed check, then answered 400)',
    edit: (d) => {
      d.screens.tickets!.sort = 'resolvedAt';
    },
    path: 'screens.tickets.sort',
    mentions: "'resolvedAt' cannot be sorted on: it is optional",
  },
  {
    name: 'a sort on an unknown field',
    edit: (d) => {
      d.screens.tickets!.sort = '-created';
    },
    path: 'screens.tickets.sort',
    mentions: "'created', which is not a field of tickets",
  },
  {
    name: 'a form asking for an unknown field',
    edit: (d) => {
      d.screens.newTicket!.fields = ['subject', 'body'];
    },
    path: 'screens.newTicket.fields[1]',
    mentions: "'body', which is not a field of tickets",
  },
  {
    name: 'a form asking for a read-only field',
    edit: (d) => {
      d.screens.newTicket!.fields = ['subject', 'requester'];
    },
    path: 'screens.newTicket.fields[1]',
    mentions: "the form asks for 'requester', but it is read-only",
  },
  {
    name: 'a related list on an unknown entity',
    edit: (d) => {
      d.screens.ticket!.related = [{ entity: 'notes', via: 'ticket', title: 'Notes' }];
    },
    path: 'screens.ticket.related[0].entity',
    mentions: "'notes', which is not an entity of the app",
  },
  {
    name: 'a related list through a field that does not point back',
    edit: (d) => {
      d.screens.ticket!.related = [{ entity: 'comments', via: 'author', title: 'Conversation' }];
    },
    path: 'screens.ticket.related[0].via',
    mentions: "goes through 'author', which is not a reference from comments to tickets",
  },
];

describe('checkScreens', () => {
  it.each(cases)('reports $name', ({ edit, path, mentions }) => {
    expect(messagesAt(helpdesk, edit, path)).toEqual([expect.stringContaining(mentions)]);
  });
});
