import app from '@ninefold/example-helpdesk';
import { clientMeta } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGE,
  hasSearch,
  listCall,
  listWhere,
  nextPage,
  previousPage,
  readListState,
  type SearchChanges,
  searchFields,
  sortable,
} from './list-query';

const meta = clientMeta(app);
const tickets = meta.entities.tickets!;
const screen = meta.screens.tickets!;

/** What useSearch() does with changes: a new address, as a reload would read it. */
function go(url: string, changes: SearchChanges): string {
  const params = new URLSearchParams(url);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') params.delete(k);
    else params.set(k, v);
  }
  return params.toString();
}

describe('list query', () => {
  it('reads the screen’s filters, search, sort and cursor from the URL and ignores the rest', () => {
    const state = readListState(
      new URLSearchParams('status=open&evil=1&q=vpn&sort=dueAt&cursor=abc'),
      screen,
    );
    expect(state).toEqual({
      filters: { status: 'open' },
      search: 'vpn',
      sort: 'dueAt',
      cursor: 'abc',
      back: [],
      page: 2,
    });
    expect(readListState(new URLSearchParams(''), screen).sort).toBe('-createdAt');
  });

  it('makes equality filters and null for "unassigned"; a searchable entity searches on the server', () => {
    const state = readListState(new URLSearchParams('priority=high&assignee=null&q=%20printer%20'), screen);
    expect(listWhere(tickets, screen, state)).toEqual({ priority: 'high', assignee: null });
    expect(listCall(tickets, screen, state, 25)).toEqual({
      where: { priority: 'high', assignee: null },
      sort: '-createdAt',
      limit: 25,
      cursor: null,
      count: true,
      search: 'printer',
      expand: ['assignee'],
    });
    expect(searchFields(tickets)).toEqual(['subject', 'description']);
  });

  it('falls back to a contains filter on the screen’s field when the entity has no search', () => {
    const plain = { ...tickets, list: { ...tickets.list!, search: [], fullText: false } };
    const state = readListState(new URLSearchParams('q=printer'), screen);
    expect(hasSearch(plain, screen)).toBe(true);
    expect(listWhere(plain, screen, state)).toEqual({ subject: { contains: 'printer' } });
    expect(listCall(plain, screen, state, 25)).not.toHaveProperty('search');
    const { search: _field, ...noField } = screen;
    expect(hasSearch(plain, noField)).toBe(false);
  });

  // It guessed from the field's type, and offered sorts the server refuses (status, priority).
  it('sorts on exactly the sorts the server accepts, from the meta', () => {
    expect(sortable(tickets, 'subject')).toBe(true);
    expect(sortable(tickets, 'createdAt')).toBe(true);
    expect(sortable(tickets, 'dueAt')).toBe(true);
    expect(sortable(tickets, 'priority')).toBe(false);
    expect(sortable(tickets, 'status')).toBe(false);
    expect(sortable(tickets, 'assignee')).toBe(false);
    expect(sortable(tickets, 'tags')).toBe(false);
  });

  it('keeps the way back in the URL, so a reload on a later page still goes to the page before', () => {
    let url = 'status=open';
    const at = () => readListState(new URLSearchParams(url), screen);
    expect(at().page).toBe(1);
    url = go(url, nextPage(at(), 'C2'));
    url = go(url, nextPage(at(), 'C3'));
    url = go(url, nextPage(at(), 'C4'));
    // Only the address survives a reload: read afresh from it.
    expect(at()).toMatchObject({ cursor: 'C4', back: ['C2', 'C3'], page: 4, filters: { status: 'open' } });
    url = go(url, previousPage(at()));
    expect(at()).toMatchObject({ cursor: 'C3', back: ['C2'], page: 3 });
    url = go(url, previousPage(at()));
    expect(at()).toMatchObject({ cursor: 'C2', back: [], page: 2 });
    url = go(url, previousPage(at()));
    expect(url).toBe('status=open');
    expect(at()).toMatchObject({ cursor: null, page: 1 });
  });

  it('asks the server the same question whatever the way back, and starts over on a new view', () => {
    const deep = readListState(new URLSearchParams('cursor=C3&back=C2'), screen);
    const shared = readListState(new URLSearchParams('cursor=C3'), screen);
    expect(listCall(tickets, screen, deep, 25)).toEqual(listCall(tickets, screen, shared, 25));
    // A link with only a cursor (older, or cut short): page 2, and Previous goes to the first.
    expect(shared.page).toBe(2);
    expect(go('sort=subject&cursor=C3&back=C2', { sort: '-subject', ...FIRST_PAGE })).toBe('sort=-subject');
    // The way back means nothing without a cursor.
    expect(readListState(new URLSearchParams('back=C2'), screen)).toMatchObject({ back: [], page: 1 });
  });
});
