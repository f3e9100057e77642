/**
 * The list query string: `?field=value` and `?field[op]=value` filters, `sort=field` or
 * `sort=-field`, `limit`, and an opaque keyset `cursor`. Anything it cannot read is a
 * MALFORMED_REQUEST naming the parameter. Which sorts and filters a list takes comes from
 * the spec's `listCapabilities`, the source the checker and OpenAPI read too, so a sort is
 * taken only when an index serves it.
 */
import { type EntityNode, type Field, filterRefusal, sortRefusal } from '@ninefold/spec';
import { AppError } from '../app-error';
import { hasBadText } from '../storable-text';
import { isUuid } from '../uuid7';

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
}

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
    case 'enum':
    case 'state':
      if (!field.values.includes(raw)) throw bad(`${param} must be one of ${field.values.join(', ')}.`);
      return raw;
    case 'list':
    case 'object':
    case 'map':
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
  const fits =
    field.type === 'integer' || field.type === 'number'
      ? typeof v === 'number' && (field.type === 'number' ? Number.isFinite(v) : Number.isSafeInteger(v))
      : field.type === 'boolean'
        ? typeof v === 'boolean'
        : typeof v === 'string' && !hasBadText(v);
  if (!fits) throw bad('cursor is not one this server gave out.');
  if (field.type === 'datetime' || field.type === 'enum' || field.type === 'state') {
    try {
      return { value: parseValue(field, v as string, 'cursor'), id: after.id };
    } catch {
      throw bad('cursor is not one this server gave out.');
    }
  }
  return after;
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
    } else if (param === 'cursor') {
      after = decodeCursor(rawValue);
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
  if (after) after = checkCursor(fieldOf(sort.field, 'sort'), after);
  return { filters, sort, limit, ...(after ? { after } : {}) };
}
