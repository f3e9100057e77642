/**
 * A valid value for a JSON Schema of an OpenAPI document: the least a request needs (required
 * properties only), references to records of the right entity, unique emails. Enough to make
 * requests a server should accept, built from the document alone as a client team would.
 */
type Json = Record<string, any>;

let unique = 0;

/**
 * @example sampleValue(doc, { $ref: '#/components/schemas/CommentsCreate' }, { tickets: id })
 * // { ticket: id, body: 'Sample text' }
 */
export function sampleValue(doc: Json, schema: Json, ids: Readonly<Record<string, string>>): unknown {
  if (typeof schema.$ref === 'string') {
    return sampleValue(doc, doc.components.schemas[schema.$ref.split('/').at(-1) ?? ''], ids);
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null);
  const type = [schema.type].flat().find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return sampleString(schema, ids);
    case 'integer':
    case 'number':
      return schema.minimum ?? Math.min(1, schema.maximum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(doc, schema.items ?? {}, ids));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k: string) => [k, sampleValue(doc, schema.properties?.[k] ?? {}, ids)]),
      );
    default:
      return null;
  }
}

function sampleString(schema: Json, ids: Readonly<Record<string, string>>): string {
  unique += 1;
  if (schema.format === 'uuid') return ids[schema['x-ref']] ?? '0190a1b2-0000-7000-8000-000000000000';
  if (schema.format === 'email') return `sample${unique}-${Date.now()}@test.example`;
  if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 64;
  return `Sample text ${unique}`.padEnd(Math.max(min, 1), 'x').slice(0, max);
}
