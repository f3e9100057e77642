import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import app from '../../../../../examples/helpdesk/app';
import { listWhere, readListState, sortable } from './list-query';

const meta = clientMeta(app);
const tickets = meta.entities.tickets!;
const screen = meta.screens.tickets!;

describe('list query', () => {
  it('reads the screen’s filters, search, sort and cursor from the URL and ignores the rest', () => {
    const state = readListState(
      new URLSearchParams('status=open&evil=1&q=vpn&sort=dueAt&cursor=abc'),
      screen,
    );
    expect(state).toEqual({ filters: { status: 'open' }, search: 'vpn', sort: 'dueAt', cursor: 'abc' });
    expect(readListState(new URLSearchParams(''), screen).sort).toBe('-createdAt');
  });

  it('makes equality filters, a contains search and null for "unassigned"', () => {
    const state = readListState(new URLSearchParams('priority=high&assignee=null&q=%20printer%20'), screen);
    expect(listWhere(tickets, screen, state)).toEqual({
      priority: 'high',
      assignee: null,
      subject: { contains: 'printer' },
    });
  });

  it('sorts only on required scalar fields', () => {
    expect(sortable(tickets, 'subject')).toBe(true);
    expect(sortable(tickets, 'createdAt')).toBe(true);
    expect(sortable(tickets, 'assignee')).toBe(false);
    expect(sortable(tickets, 'tags')).toBe(false);
  });
});
