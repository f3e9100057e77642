/**
 * Records to rows and back. Both dialects answer the same JSON: booleans as booleans,
 * lists as arrays, timestamps as ISO-8601 strings in UTC.
 */

import type { EntityNode, Field } from '@ninefold/spec';
import type { Dialect } from '../../db/database';

export type Rec = Record<string, unknown>;

// How each column decodes: worked out once per entity, not per row (lists decode every row).
type Decode = 'plain' | 'boolean' | 'json' | 'file' | 'files' | 'number' | 'datetime';
const DECODERS = new WeakMap<EntityNode, { names: string[]; decode: Decode[] }>();

function decodersOf(entity: EntityNode): { names: string[]; decode: Decode[] } {
  let plan = DECODERS.get(entity);
  if (!plan) {
    plan = { names: [], decode: [] };
    for (const [name, field] of Object.entries(entity.fields)) {
      plan.names.push(name);
      plan.decode.push(
        field.type === 'boolean'
          ? 'boolean'
          : field.type === 'files' || field.type === 'file'
            ? field.type
            : isJsonColumn(field)
              ? 'json'
              : field.type === 'integer' || field.type === 'number'
                ? 'number'
                : field.type === 'datetime'
                  ? 'datetime'
                  : 'plain',
      );
    }
    DECODERS.set(entity, plan);
  }
  return plan;
}

/** The columns of a record, in the order of a record's keys: select these for `decodeInPlace`. */
export function recordColumns(entity: EntityNode): readonly string[] {
  let columns = COLUMNS.get(entity);
  if (!columns) {
    columns = [...SYSTEM_COLUMNS, ...decodersOf(entity).names];
    COLUMNS.set(entity, columns);
  }
  return columns;
}
const SYSTEM_COLUMNS = ['id', 'createdAt', 'updatedAt', 'version'] as const;
const COLUMNS = new WeakMap<EntityNode, readonly string[]>();

/**
 * A row selected with exactly `recordColumns`, made a record by changing only the values
 * that need it (on SQLite, a ticket's tags and nothing else): a get by id then makes no
 * second object of twenty fields, which measurably costs a hot path.
 */
export function decodeInPlace(entity: EntityNode, row: Rec, dialect: Dialect): Rec {
  const loose = dialect.looseValues;
  if (loose) row.version = Number(row.version);
  const { names, decode } = decodersOf(entity);
  for (let i = 0; i < names.length; i++) {
    const kind = decode[i]!;
    if (kind === 'plain') continue;
    const name = names[i]!;
    const v = row[name];
    // A many-files field added to rows that predate it holds none.
    if (v === null || v === undefined) row[name] = kind === 'files' ? [] : null;
    else if (kind === 'boolean') row[name] = v === true || v === 1;
    else if (kind === 'json') row[name] = typeof v === 'string' ? JSON.parse(v) : v;
    else if (kind === 'file' || kind === 'files') row[name] = fileValue(kind, v);
    else if (kind === 'number') row[name] = typeof v === 'number' ? v : Number(v);
    else if (loose && v instanceof Date) row[name] = v.toISOString();
  }
  return row;
}

/** A stored row as a record. */
export function decodeRow(entity: EntityNode, row: Rec, dialect: Dialect): Rec {
  const loose = dialect.looseValues;
  const out: Rec = {
    id: row.id,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: Number(row.version),
  };
  const { names, decode } = decodersOf(entity);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const v = row[name];
    if (v === null || v === undefined) out[name] = decode[i] === 'files' ? [] : null;
    else if (decode[i] === 'boolean') out[name] = v === true || v === 1;
    else if (decode[i] === 'json') out[name] = typeof v === 'string' ? JSON.parse(v) : v;
    else if (decode[i] === 'file' || decode[i] === 'files') out[name] = fileValue(decode[i] as 'file', v);
    else if (decode[i] === 'number') out[name] = Number(v);
    else if (decode[i] === 'datetime' && loose && v instanceof Date) out[name] = v.toISOString();
    else out[name] = v;
  }
  return out;
}

/** Record values as row values (only the keys given). */
export function encodeValues(entity: EntityNode, values: Rec): Rec {
  const out: Rec = {};
  for (const [name, v] of Object.entries(values)) {
    const field = entity.fields[name];
    if (v === null || v === undefined) out[name] = null;
    else if (field && isJsonColumn(field)) out[name] = JSON.stringify(v);
    else out[name] = v;
  }
  return out;
}

/**
 * Whether a field is stored as JSON: lists, objects, maps, and file fields (their files'
 * `StoredFile`s).
 * @example isJsonColumn(f.files()) // true
 */
export function isJsonColumn(field: Field): boolean {
  return (
    field.type === 'list' ||
    field.type === 'object' ||
    field.type === 'map' ||
    field.type === 'file' ||
    field.type === 'files'
  );
}

/**
 * A stored file field's value in the shape its field says now: a field made `files` from
 * `file` (or back) keeps its column, so a value stored in the other shape is read in this one
 * (a regression: it came back as stored). Files a single-file field cannot hold stay in the
 * ledger until the field is written again.
 */
function fileValue(kind: 'file' | 'files', v: unknown): unknown {
  const value = typeof v === 'string' ? JSON.parse(v) : v;
  if (kind === 'files') return Array.isArray(value) ? value : value === null ? [] : [value];
  return Array.isArray(value) ? (value[0] ?? null) : value;
}
