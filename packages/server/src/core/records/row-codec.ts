/**
 * Records to rows and back. Both dialects answer the same JSON: booleans as booleans,
 * lists as arrays, timestamps as ISO-8601 strings in UTC.
 */

import type { EntityNode } from '@ninefold/spec';
import type { DialectName } from '../../db/database';

export type Rec = Record<string, unknown>;

/** A stored row as a record. */
export function decodeRow(entity: EntityNode, row: Rec, dialect: DialectName): Rec {
  const out: Rec = {
    id: row.id,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: Number(row.version),
  };
  for (const [name, field] of Object.entries(entity.fields)) {
    const v = row[name];
    if (v === null || v === undefined) out[name] = null;
    else if (field.type === 'boolean') out[name] = v === true || v === 1;
    else if (field.type === 'list' || field.type === 'object' || field.type === 'map')
      out[name] = typeof v === 'string' ? JSON.parse(v) : v;
    else if (field.type === 'integer' || field.type === 'number') out[name] = Number(v);
    else if (field.type === 'datetime' && dialect === 'postgres' && v instanceof Date)
      out[name] = v.toISOString();
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
    else if (field && (field.type === 'list' || field.type === 'object' || field.type === 'map'))
      out[name] = JSON.stringify(v);
    else out[name] = v;
  }
  return out;
}
