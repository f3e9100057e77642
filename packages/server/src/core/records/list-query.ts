/**
 * The list query string: `?field=value` and `?field[op]=value` filters, `sort=field` or
 * `sort=-field`, `limit`, an opaque keyset `cursor`, `count=true` (the total), `expand=f1,f2`
 * (referenced records) and `search=text` (full-text, ranked unless a `sort` is given, or a
 * bounded `contains` of the title where the entity declares no search fields). Anything it cannot read is a
 * MALFORMED_REQUEST naming the parameter. Which sorts and filters a list takes comes from
 * the spec's `listCapabilities`, the source the checker and OpenAPI read too, so a sort is
 * taken only when an index serves it.
 */
import { type EntityNode, type Field, filterRefusal, sortRefusal } from '@ninefold/spec';
import { AppError } from '../app-error';
import { hasBadText } from '../storable-text';
import { isUuid } from '../uuid7';
import { fullTextSearch, type ListSearch, RANK, titleSearch } from './search-records';

export type FilterOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'contains';
export interface Filter {
  readonly field: string;
  readonly op: FilterOp;
  readonly value: unknown;
}
export interface ListQuery {
  readonly filters: readonly Filter[];
  readonly sort: { readonly field: string; readonly desc: boolean };
  readonly limit: number;
  readonly after?: { readonly value: unknown; readonly id: string };
  /** `count=true`: the answer carries the total. */
  readonly count: boolean;
  /** Reference fields whose records each item carries under `$expand`. */
  readonly expand: readonly string[];
  /** A full-text search; its rank is the sort (`RANK`) unless a `sort` was given. */
  readonly search?: ListSearch;
}

/** The most reference fields one list expands: each is one more query a page. */
export const MAX_EXPAND = 10;

const OPS = new Set<FilterOp>(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'contains']);
const SYSTEM: Record<string, Field> = {
  id: { kind: 'field', type: 'text' },
  createdAt: { kind: 'field', type: 'datetime' },
  updatedAt: { kind: 'field', type: 'datetime' },
  version: { kind: 'field', type: 'integer' },
};

function bad(reason: string): AppError {
  return new AppError('MALFORMED_REQUEST', { reason });
}

// The instants both dialects store: years 0000 to 9999 (PostgreSQL refuses the rest).
const MIN_TIME = Date.parse('0000-01-01T00:00:00Z');
const MAX_TIME = Date.parse('9999-12-31T23:59:59.999Z');

function parseValue(field: Field, raw: string, param: string): unknown {
  switch (field.type) {
    case 'integer':
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw bad(`${param} must be a number.`);
      // An integer column compares only with a whole number that fits it (PostgreSQL bigint).
      if (field.type === 'integer' && !Number.isSafeInteger(n)) throw bad(`${param} must be a whole number.`);
      return n;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad(`${param} must be true or false.`);
      return raw === 'true';
    case 'datetime': {
      const t = Date.parse(raw);
      if (Number.isNaN(t) || t < MIN_TIME || t > MAX_TIME) throw bad(`${param} must be an ISO-8601 date.`);
      return new Date(t).toISOString();
    }
    case 'date': {
      // A real day of years 0001–9999: 2026-02-30 is refused, not moved into March.
      const t = Date.parse(`${raw}T00:00:00Z`);
      const real =
        /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(t) && new Date(t).toISOString().startsWith(raw);
      if (!real || raw < '0001-01-01') throw bad(`${param} must be a date, YYYY-MM-DD.`);
      return raw;
    }
    case 'enum':
    case 'state':
      if (!field.values.includes(raw)) throw bad(`${param} must be one of ${field.values.join(', ')}.`);
      return raw;
    case 'list':
    case 'object':
    case 'map':
    case 'file':
    case 'files':
      throw bad(`${param} cannot be filtered on.`);
    default:
      return raw;
  }
}

/** Encodes a keyset position. */
export function encodeCursor(value: unknown, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(raw: string): { value: unknown; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && isUuid(parsed[1])) {
      return { value: parsed[0], id: parsed[1] };
    }
  } catch {}
  throw bad('cursor is not one this server gave out.');
}

/** A decoded cursor's value must be one the sort field can hold, or the database would refuse it. */
function checkCursor(field: Field, after: { value: unknown; id: string }): { value: unknown; id: string } {
  const v = after.value;
  if (field === RANKED) {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw bad('cursor is not one this server gave out.');
    return after;
  }
  const fits =
    field.type === 'integer' || field.type === 'number'
      ? typeof v === 'number' && (field.type === 'number' ? Number.isFinite(v) : Number.isSafeInteger(v))
      : field.type === 'boolean'
        ? typeof v === 'boolean'
        : typeof v === 'string' && !hasBadText(v);
  if (!fits) throw bad('cursor is not one this server gave out.');
  if (field.type === 'datetime' || field.type === 'date' || field.type === 'enum' || field.type === 'state') {
    try {
      return { value: parseValue(field, v as string, 'cursor'), id: after.id };
    } catch {
      throw bad('cursor is not one this server gave out.');
    }
  }
  return after;
}

/** The sort of a ranked search: its cursor holds a rank, a number. */
const RANKED: Field = { kind: 'field', type: 'number' };

/**
 * The reference fields of `expand=f1,f2`: each a readable `ref` field, at most MAX_EXPAND.
 * @example parseExpand(tickets, 'requester,assignee', readable) // ['requester', 'assignee']
 */
export function parseExpand(entity: EntityNode, raw: string, readable: (field: string) => boolean): string[] {
  const names = [...new Set(raw.split(','))];
  if (names.length > MAX_EXPAND) throw bad(`expand takes at most ${MAX_EXPAND} fields.`);
  for (const name of names) {
    const f = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
    // A field the caller may not read is refused as one that does not exist.
    if (!f || !readable(name)) throw bad(`expand: there is no field '${name}' to expand.`);
    if (f.type !== 'ref') throw bad(`expand: '${name}' is not a reference.`);
  }
  return names;
}

/**
 * Reads a list query for an entity, allowing only the fields the caller may read.
 * @example parseListQuery(tickets, { priority: 'high', sort: '-createdAt' }, readable, { default: 25, max: 100 })
 */
export function parseListQuery(
  entity: EntityNode,
  query: Readonly<Record<string, unknown>>,
  readable: (field: string) => boolean,
  pageSize: { readonly default: number; readonly max: number },
): ListQuery {
  const filters: Filter[] = [];
  let sort = { field: 'createdAt', desc: true };
  let limit = pageSize.default;
  let after: ListQuery['after'];
  let count = false;
  let expand: string[] = [];
  let search: ListSearch | undefined;
  let sorted = false;
  const fieldOf = (name: string, param: string): Field => {
    const f = Object.hasOwn(SYSTEM, name)
      ? SYSTEM[name]
      : Object.hasOwn(entity.fields, name)
        ? entity.fields[name]
        : undefined;
    if (!f || !readable(name)) throw bad(`${param}: there is no field '${name}' to filter or sort on.`);
    return f;
  };
  for (const [param, rawValue] of Object.entries(query)) {
    if (typeof rawValue !== 'string') throw bad(`${param} is given more than once.`);
    if (param === 'limit') {
      const n = Number(rawValue);
      if (!Number.isInteger(n) || n < 1) throw bad('limit must be a whole number of at least 1.');
      limit = Math.min(n, pageSize.max);
    } else if (param === 'sort') {
      const desc = rawValue.startsWith('-');
      const name = desc ? rawValue.slice(1) : rawValue;
      fieldOf(name, 'sort');
      const refused = sortRefusal(entity, name);
      if (refused) throw bad(`sort: ${refused}.`);
      sort = { field: name, desc };
      sorted = true;
    } else if (param === 'cursor') {
      after = decodeCursor(rawValue);
    } else if (param === 'count') {
      if (rawValue !== 'true' && rawValue !== 'false') throw bad('count must be true or false.');
      count = rawValue === 'true';
    } else if (param === 'expand') {
      expand = parseExpand(entity, rawValue, readable);
    } else if (param === 'search') {
      const text = rawValue.trim();
      if (text === '') throw bad('search needs some text.');
      search = fullTextSearch(entity, text, readable);
      if (!search) {
        // No search fields: a bounded substring of the title, as `title[contains]=` reads.
        filters.push({ field: titleSearch(entity, readable), op: 'contains', value: text });
      }
    } else {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[([a-z]+)\])?$/.exec(param);
      if (!m) throw bad(`'${param}' is not a filter.`);
      const name = m[1]!;
      const op = (m[2] ?? 'eq') as FilterOp;
      if (!OPS.has(op)) throw bad(`${param}: unknown operator '${op}'.`);
      const f = fieldOf(name, param);
      const refused = filterRefusal(entity, name, op);
      if (refused) throw bad(`${param}: ${refused}.`);
      if (op === 'in') {
        const values = rawValue.split(',').map((v) => parseValue(f, v, param));
        filters.push({ field: name, op, value: values });
      } else if (op === 'contains') {
        if (rawValue === '') throw bad(`${param}: contains needs some text.`);
        filters.push({ field: name, op, value: rawValue });
      } else if (rawValue === 'null' && f.optional && (op === 'eq' || op === 'ne')) {
        filters.push({ field: name, op, value: null });
      } else {
        filters.push({ field: name, op, value: parseValue(f, rawValue, param) });
      }
    }
  }
  // A search is ranked unless the caller asked for an order.
  if (search && !sorted) sort = { field: RANK, desc: false };
  if (after) after = checkCursor(sort.field === RANK ? RANKED : fieldOf(sort.field, 'sort'), after);
  return { filters, sort, limit, count, expand, ...(search ? { search } : {}), ...(after ? { after } : {}) };
}
