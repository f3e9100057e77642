/**
 * A list screen's state in the URL (so a filtered, sorted page survives a reload and can be
 * shared) and the list query it makes: `?status=open&priority=high&q=printer&sort=-dueAt`.
 * A later page carries its cursor and the cursors of the pages between it and the first
 * (`&cursor=C3&back=C2`): the server only gives the next cursor, so this is what lets
 * "Previous" go to the page before, and the page number stay right, after a reload.
 */
import { type EntityMeta, type Field, type ScreenInput, titleRefs } from '@ninefold/spec';

/**
 * The fields the server's `?search=` looks in for an entity, from `/api/meta` (its list
 * capabilities): the declared full-text fields, else its title; empty when it takes none.
 * @example searchFields(meta.entities.tickets!) // ['subject', 'description']
 */
export function searchFields(entity: EntityMeta): readonly string[] {
  return entity.list?.search ?? [];
}

/**
 * Whether a list screen has a search box: the entity is searchable on the server, or the
 * screen names a field to search within.
 * @example hasSearch(meta.entities.tickets!, meta.screens.tickets!) // true
 */
export function hasSearch(entity: EntityMeta, screen: ScreenInput): boolean {
  return searchFields(entity).length > 0 || Boolean(screen.search);
}

export interface ListState {
  /** Filter values by field; `null` is the "none" choice of an optional reference. */
  readonly filters: Readonly<Record<string, string>>;
  readonly search: string;
  readonly sort: string;
  readonly cursor: string | null;
  /** The cursors of the pages after the first and before this one, oldest first. */
  readonly back: readonly string[];
  /** 1-based. */
  readonly page: number;
}

/** The URL parameters that are not filters. */
export const RESERVED: ReadonlySet<string> = new Set(['q', 'sort', 'cursor', 'back']);

/**
 * Whether a column can be sorted on: exactly the sorts the server accepts, as `/api/meta`
 * gives them (`listCapabilities` in the spec, the one source the server, the checker and
 * OpenAPI read too).
 * @example sortable(meta.entities.tickets!, 'assignee') // false: not a declared sort
 */
export function sortable(entity: EntityMeta, name: string): boolean {
  return entity.list?.sorts.includes(name) ?? false;
}

/**
 * The list state from the query string, keeping only the screen's own filters.
 * @example readListState(new URLSearchParams('status=open&q=vpn'), screen) // { filters: { status: 'open' }, search: 'vpn', … }
 */
export function readListState(params: URLSearchParams, screen: ScreenInput): ListState {
  const filters: Record<string, string> = {};
  for (const name of screen.filters ?? []) {
    const v = params.get(name);
    if (v) filters[name] = v;
  }
  const cursor = params.get('cursor') || null;
  // Cursors are base64url, so a comma cannot be part of one.
  const back = cursor ? (params.get('back') ?? '').split(',').filter((c) => c !== '') : [];
  return {
    filters,
    search: params.get('q') ?? '',
    sort: params.get('sort') ?? screen.sort ?? '-createdAt',
    cursor,
    back,
    page: cursor ? back.length + 2 : 1,
  };
}

/** URL changes, as `useSearch()` takes them (null removes a parameter). */
export type SearchChanges = Readonly<Record<string, string | null>>;

/**
 * The URL changes that go to the next page, whose cursor the server gave.
 * @example nextPage(state, 'C3') // { cursor: 'C3', back: 'C2' } from page 2 (cursor C2)
 */
export function nextPage(state: ListState, cursor: string): SearchChanges {
  const back = state.cursor ? [...state.back, state.cursor] : [];
  return { cursor, back: back.join(',') || null };
}

/**
 * The URL changes that go to the page before (the first when there is none).
 * @example previousPage(state) // { cursor: 'C2', back: null } from page 3
 */
export function previousPage(state: ListState): SearchChanges {
  return { cursor: state.back.at(-1) ?? null, back: state.back.slice(0, -1).join(',') || null };
}

/** The URL changes that go back to the first page (a new filter, search or sort). */
export const FIRST_PAGE: SearchChanges = { cursor: null, back: null };

function filterValue(field: Field | undefined, raw: string): unknown {
  if (raw === 'null') return null;
  if (field?.type === 'boolean') return raw === 'true';
  return raw;
}

/**
 * The `where` of the list call: each filter as equality; the search as `contains` on the
 * screen's field only when the entity has no full-text search (then the call's `search` asks).
 * @example listWhere(articles, screen, { filters: { published: 'true' }, search: 'vpn', … }) // { published: true, title: { contains: 'vpn' } }
 */
export function listWhere(
  entity: EntityMeta,
  screen: ScreenInput,
  state: ListState,
): Record<string, unknown> {
  const where: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(state.filters))
    where[name] = filterValue(entity.fields[name], raw);
  const term = state.search.trim();
  if (screen.search && term && searchFields(entity).length === 0) where[screen.search] = { contains: term };
  return where;
}

/** The options of a list screen's call to the server: one page of records, with its total. */
export interface ListCall {
  readonly where: Record<string, unknown>;
  readonly sort: string;
  readonly limit: number;
  readonly cursor: string | null;
  readonly count: true;
  /** The full-text search, when the entity has one and the box holds words. */
  readonly search?: string;
  /** The references the columns show, fetched with the page instead of one by one. */
  readonly expand?: readonly string[];
}

/**
 * The references to expand with a page: those among a screen's columns, and those the
 * entity's title reads through (`book.title`), so no row fetches a title of its own.
 * @example expandFor(tickets, ['subject', 'assignee']) // ['assignee']
 */
export function expandFor(entity: EntityMeta, columns: readonly string[]): string[] {
  const shown = columns.filter((c) => entity.fields[c]?.type === 'ref');
  return [...new Set([...shown, ...titleRefs(entity)])];
}

/**
 * The list call a list screen makes for its state. The page and the start-up (which asks
 * before the page's code has arrived) both make it here, so they ask the same question and
 * share its answer.
 * @example listCall(entity, screen, readListState(params, screen), 25) // { where: {}, sort: '-createdAt', limit: 25, cursor: null, count: true }
 */
export function listCall(entity: EntityMeta, screen: ScreenInput, state: ListState, limit: number): ListCall {
  const term = state.search.trim();
  // The screen's declared columns, not the role's: the start-up asks before it knows the role.
  const expand = expandFor(entity, screen.columns ?? []);
  return {
    where: listWhere(entity, screen, state),
    sort: state.sort,
    limit,
    cursor: state.cursor,
    count: true,
    ...(term && searchFields(entity).length > 0 ? { search: term } : {}),
    ...(expand.length > 0 ? { expand } : {}),
  };
}
