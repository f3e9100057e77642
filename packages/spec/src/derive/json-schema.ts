/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) for fields, and for an entity's record,
 * create body and update body. The server's own validation stays the authority; these
 * schemas describe the same constraints to tools and generated clients.
 */
import type { EntityNode } from '../app/entity';
import { FILE_REF_SCHEMA } from '../contract/wire-schemas';
import { DEFAULT_MAX_FILES, type Field, type Fields } from '../fields/field';
import { isExpr } from '../rules/expr';
import { isServerSet } from '../validate/is-server-set';
import { URL_MAX } from '../validate/web-url';

export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };
export type JsonSchema = { readonly [keyword: string]: JsonValue };

/**
 * How a set of fields is read: a stored value (every field present), a create-style input
 * (required unless optional or defaulted, nothing unknown) or a patch (everything optional).
 */
export type SchemaMode = 'record' | 'input' | 'patch';

/**
 * The JSON Schema of one field's value, null included when the field is optional.
 * @example
 * fieldSchema(f.text({ min: 5, max: 120 })) // { type: 'string', minLength: 5, maxLength: 120 }
 * fieldSchema(f.integer({ min: 1, max: 5, optional: true })) // { type: ['integer', 'null'], minimum: 1, maximum: 5 }
 */
export function fieldSchema(field: Field, mode: SchemaMode = 'record'): JsonSchema {
  const s: Record<string, JsonValue> = { ...valueSchema(field, mode) };
  if (field.optional) {
    s.type = [s.type as string, 'null'];
    if (Array.isArray(s.enum)) s.enum = [...s.enum, null];
  }
  if (field.label) s.title = field.label;
  if (field.description) s.description = field.description;
  // In a patch an omitted field keeps its value, so a default there would mislead.
  if (field.default !== undefined && !isExpr(field.default) && mode !== 'patch') s.default = field.default;
  if (isServerSet(field)) s.readOnly = true;
  return s;
}

function valueSchema(field: Field, mode: SchemaMode): JsonSchema {
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'email':
      return compact({
        type: 'string',
        format: field.type === 'email' ? 'email' : undefined,
        minLength: field.min,
        maxLength: field.max,
        // The spec's pattern must match the whole value; JSON Schema's matches anywhere.
        pattern: field.pattern === undefined ? undefined : `^(?:${field.pattern})$`,
      });
    case 'url':
      return compact({
        type: 'string',
        format: 'uri',
        minLength: field.min,
        maxLength: field.max ?? URL_MAX,
        pattern:
          field.pattern === undefined
            ? '^[Hh][Tt][Tt][Pp][Ss]?://'
            : `^(?=[Hh][Tt][Tt][Pp][Ss]?://)(?:${field.pattern})$`,
      });
    case 'integer':
    case 'number':
      // Choices are the whole story: bounds beside them would say nothing more.
      if (field.type === 'integer' && field.choices) return { type: 'integer', enum: [...field.choices] };
      return compact({ type: field.type, minimum: field.min, maximum: field.max });
    case 'boolean':
      return { type: 'boolean' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'date':
      return compact({
        type: 'string',
        format: 'date',
        formatMinimum: field.min,
        formatMaximum: field.max,
      });
    case 'ref':
      return { type: 'string', format: 'uuid', 'x-ref': field.entity };
    case 'enum':
    case 'state':
      return { type: 'string', enum: [...field.values] };
    case 'list':
      return compact({ type: 'array', items: fieldSchema(field.of, mode), maxItems: field.max });
    case 'object':
      return objectSchema(field.fields as Fields, mode === 'patch' ? 'input' : mode);
    case 'map':
      return { type: 'object', additionalProperties: fieldSchema(field.of as Field, mode) };
    case 'file':
      return { oneOf: [FILE_REF_SCHEMA, { type: 'null' }] };
    case 'files':
      return { type: 'array', items: FILE_REF_SCHEMA, maxItems: field.max ?? DEFAULT_MAX_FILES };
  }
}

function compact(s: { readonly [k: string]: JsonValue | undefined }): JsonSchema {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as JsonSchema;
}

/**
 * The schema of an object made of fields: an action's input or output, a transition's input.
 * @example
 * objectSchema({ resolution: f.longText({ min: 1 }) }, 'input')
 * // { type: 'object', properties: { resolution: {…} }, required: ['resolution'], additionalProperties: false }
 */
export function objectSchema(fields: Fields, mode: SchemaMode): JsonSchema {
  const entries = Object.entries(fields);
  const required =
    mode === 'record'
      ? entries.map(([n]) => n)
      : mode === 'input'
        ? entries.filter(([, fd]) => !fd.optional && fd.default === undefined).map(([n]) => n)
        : [];
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(([n, fd]) => [n, fieldSchema(fd, mode)])),
    ...(required.length > 0 ? { required } : {}),
    ...(mode === 'record' ? {} : { additionalProperties: false }),
  };
}

/**
 * True when a create or patch may name the field at all: not set by the server alone (a file
 * field is filled by uploads, never by a write's body).
 * @example isWritable(f.files()) // false
 */
export function isWritable(field: Field): boolean {
  return !isServerSet(field);
}

export interface EntitySchemas {
  readonly record: JsonSchema;
  readonly create: JsonSchema;
  readonly update: JsonSchema;
}

const SYSTEM_SCHEMAS: { readonly [name: string]: JsonSchema } = {
  id: { type: 'string', format: 'uuid', readOnly: true, description: 'Time-ordered (UUIDv7).' },
  createdAt: { type: 'string', format: 'date-time', readOnly: true },
  updatedAt: { type: 'string', format: 'date-time', readOnly: true },
  version: { type: 'integer', minimum: 1, readOnly: true, description: 'Send as If-Match to update.' },
};

/**
 * An entity's record, create body and update body. A record carries every field, except one
 * that a read grant hides from some role, which is then not required.
 * @example
 * const { create } = entitySchemas(app.entities.tickets!);
 * create.required // ['subject', 'description']
 */
export function entitySchemas(entity: EntityNode): EntitySchemas {
  const hidden = hiddenFields(entity);
  const fields = Object.entries(entity.fields);
  const record: JsonSchema = {
    type: 'object',
    properties: { ...SYSTEM_SCHEMAS, ...Object.fromEntries(fields.map(([n, fd]) => [n, fieldSchema(fd)])) },
    required: [...Object.keys(SYSTEM_SCHEMAS), ...fields.map(([n]) => n).filter((n) => !hidden.has(n))],
  };
  const writable = Object.fromEntries(fields.filter(([, fd]) => isWritable(fd)));
  const mutable = Object.fromEntries(Object.entries(writable).filter(([, fd]) => !fd.immutable));
  return { record, create: objectSchema(writable, 'input'), update: objectSchema(mutable, 'patch') };
}

function hiddenFields(entity: EntityNode): Set<string> {
  const hidden = new Set<string>();
  for (const grants of Object.values(entity.access.read)) {
    for (const g of grants) {
      if (!g.fields) continue;
      for (const n of Object.keys(entity.fields)) if (!g.fields.includes(n)) hidden.add(n);
    }
  }
  return hidden;
}
