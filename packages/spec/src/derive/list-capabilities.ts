/**
 * What a list of an entity can be sorted and filtered by, and the indexes that serve it: the
 * one source the server's query parser, the schema planner, the checker, OpenAPI and
 * `/api/meta` all read, so none of them can accept what another refuses.
 *
 * A sort is offered only when an index serves it, so a page never sorts every matching row:
 * `(sort, id)` for a list with no equality filter, and `(key, sort, id)` for each equality
 * key of the entity — its state field, the fields it declares `index: true`, and the fields
 * a read rule ties to the caller (`callerIs('requester')`), whose lists every page of that
 * role reads. Other filters are checked along the ordered walk of one of those indexes.
 */
import type { EntityNode } from '../app/entity';
import { type Field, isFileField } from '../fields/field';
import type { RuleNode } from '../rules/rule';
import { URL_MAX } from '../validate/web-url';
import { type FilterableField, type FilterOperator, filterableFields } from './filter-operators';

/**
 * How many records, in the list's order, one page of a `contains` filter examines. Neither
 * dialect indexes substrings without an extension (pg_trgm) or a shadow table (FTS5), so a
 * substring search is bounded instead: a page holds the matches among the next
 * CONTAINS_WINDOW records the rest of the query selects, and its `nextCursor` continues
 * after the last one examined — a page may be short, even empty, and still have a next one.
 */
export const CONTAINS_WINDOW = 1000;

/** Text longer than this cannot be a sort: an index entry must fit a page (PostgreSQL: ~2.7 kB). */
export const MAX_SORT_TEXT = 500;

export interface ListCapabilities {
  /** The fields a list sorts by (`sort=f` ascending, `sort=-f` descending), `createdAt` first. */
  readonly sorts: readonly string[];
  /** The fields a list filters on, each with its operators. */
  readonly filters: readonly FilterableField[];
  /** Equality keys: each sort also has an index led by each of them. */
  readonly keys: readonly string[];
  /** The indexes the sorts need, each ending in `id` (the keyset tie-break). */
  readonly indexes: readonly (readonly string[])[];
  /** How many records one page of a `contains` filter examines. */
  readonly containsWindow: number;
  /**
   * The fields `?search=` looks in: the declared `search` fields, or else the title when it
   * is a text field (then a bounded `contains` of it); none when a list takes no search.
   */
  readonly search: readonly string[];
  /** Whether `?search=` is full-text over declared fields, ranked by relevance unless sorted. */
  readonly fullText: boolean;
}

const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'longText', 'email', 'url']);

/** The fields `?search=` looks in, and whether it is full-text (see `ListCapabilities.search`). */
function searchOf(entity: EntityNode): { search: readonly string[]; fullText: boolean } {
  if (entity.search && entity.search.length > 0) return { search: entity.search, fullText: true };
  const title =
    entity.title && Object.hasOwn(entity.fields, entity.title) ? entity.fields[entity.title] : undefined;
  return { search: title && TEXT_TYPES.has(title.type) ? [entity.title!] : [], fullText: false };
}

const SYSTEM_TYPES: Readonly<Record<string, Field['type']>> = {
  id: 'ref',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  version: 'integer',
};

/**
 * Why a field can never be a sort, or undefined when it can (when declared `sortable`).
 * @example whyNotSortable(tickets, 'assignee') // "it is optional, and a page cannot continue after a record without a value"
 */
export function whyNotSortable(entity: EntityNode, name: string): string | undefined {
  if (Object.hasOwn(SYSTEM_TYPES, name)) return undefined;
  const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
  if (!field) return 'it is no field of the entity';
  if (field.optional) return 'it is optional, and a page cannot continue after a record without a value';
  if (
    field.type === 'list' ||
    field.type === 'object' ||
    field.type === 'map' ||
    field.type === 'longText' ||
    isFileField(field)
  )
    return `it is a ${field.type} field`;
  if (
    (field.type === 'text' || field.type === 'email' || field.type === 'url') &&
    !(((field as { max?: number }).max ?? (field.type === 'url' ? URL_MAX : Infinity)) <= MAX_SORT_TEXT)
  )
    return `it is text without a max of at most ${MAX_SORT_TEXT} characters, too long for an index`;
  return undefined;
}

const cache = new WeakMap<EntityNode, ListCapabilities>();

/**
 * The sorts, filters and sort indexes of an entity's lists.
 * @example
 * listCapabilities(app.entities.tickets!).sorts // ['createdAt', 'subject', 'updatedAt', 'dueAt']
 * listCapabilities(app.entities.tickets!).indexes // [['createdAt', 'id'], …, ['status', 'dueAt', 'id'], …]
 */
export function listCapabilities(entity: EntityNode): ListCapabilities {
  const known = cache.get(entity);
  if (known) return known;
  const declared = [...(entity.title ? [entity.title] : []), ...(entity.sortable ?? [])];
  const sorts = unique(['createdAt', ...declared.filter((s) => whyNotSortable(entity, s) === undefined)]);
  const keys = equalityKeys(entity);
  const indexes = [
    ...sorts.map((s) => (s === 'id' ? ['id'] : [s, 'id'])),
    ...keys.flatMap((k) => sorts.filter((s) => s !== k).map((s) => (s === 'id' ? [k, 'id'] : [k, s, 'id']))),
  ];
  const caps: ListCapabilities = {
    sorts,
    filters: filterableFields(entity),
    keys,
    indexes,
    containsWindow: CONTAINS_WINDOW,
    ...searchOf(entity),
  };
  cache.set(entity, caps);
  return caps;
}

/**
 * Why a list of the entity refuses a sort (`field` or `-field`), or undefined when it takes it.
 * @example sortRefusal(tickets, '-priority') // "'priority' is not declared sortable; lists sort by createdAt, subject, updatedAt, dueAt"
 */
export function sortRefusal(entity: EntityNode, sort: string): string | undefined {
  const name = sort.startsWith('-') ? sort.slice(1) : sort;
  const { sorts } = listCapabilities(entity);
  if (sorts.includes(name)) return undefined;
  const why = whyNotSortable(entity, name) ?? 'it is not declared sortable';
  return `'${name}' cannot be sorted on: ${why}; lists sort by ${sorts.join(', ')}`;
}

/**
 * Why a list of the entity refuses a filter on a field with an operator, or undefined.
 * @example filterRefusal(tickets, 'priority', 'contains') // "'priority' takes eq, ne, in, not contains"
 */
export function filterRefusal(entity: EntityNode, name: string, op: FilterOperator): string | undefined {
  const field = listCapabilities(entity).filters.find((f) => f.name === name);
  if (!field) return `'${name}' cannot be filtered on`;
  if (!field.operators.includes(op)) return `'${name}' takes ${field.operators.join(', ')}, not ${op}`;
  return undefined;
}

function equalityKeys(entity: EntityNode): string[] {
  const indexed = Object.entries(entity.fields)
    .filter(
      ([, f]) =>
        f.index &&
        !f.unique &&
        f.type !== 'list' &&
        f.type !== 'object' &&
        f.type !== 'map' &&
        !isFileField(f),
    )
    .map(([name]) => name);
  const pinned = Object.values(entity.access.read).flatMap((grants) =>
    grants.flatMap((g) => callerColumns(g.where)),
  );
  return unique([...(entity.states ? [entity.states.field] : []), ...indexed, ...pinned]).filter(
    (k) => k !== 'id' && Object.hasOwn(entity.fields, k) && !entity.fields[k]!.unique,
  );
}

/** The columns a rule ties to the caller's id in every case it holds (not under `or`/`not`). */
function callerColumns(rule: RuleNode): string[] {
  if (rule.kind === 'and') return rule.rules.flatMap(callerColumns);
  if (rule.kind !== 'compare' || rule.op !== 'eq') return [];
  const [l, r] = [rule.left, rule.right];
  if (l.kind === 'field' && r.kind === 'caller' && r.prop === 'id') return [l.name];
  if (r.kind === 'field' && l.kind === 'caller' && l.prop === 'id') return [r.name];
  return [];
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}
