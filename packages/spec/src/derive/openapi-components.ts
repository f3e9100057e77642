/**
 * The components of the OpenAPI document: schemas of every entity, transition and action,
 * the wire types, the Problem answered by every failure, the shared error responses, and
 * the two ways to authenticate.
 */
import type { App } from '../app/define-app';
import type { EntityNode } from '../app/entity';
import { META_SCHEMA } from '../contract/meta-schema';
import { REALTIME_SCHEMAS, WIRE_SCHEMAS } from '../contract/wire-schemas';
import { FIELD_ISSUE_CODES } from '../errors/builtin-errors';
import { type Fields, isFileField } from '../fields/field';
import { entitySchemas, isWritable, type JsonSchema, objectSchema } from './json-schema';
import { accountSchemas } from './openapi-account-schemas';
import { automationSchemas } from './openapi-automation-schemas';
import {
  actionSchemaNames,
  entitySchemaNames,
  pascal,
  schemaRef,
  transitionInputName,
} from './openapi-names';
import { authSchemas } from './openapi-platform';
import type { ResponseBook } from './openapi-responses';

/** The session cookie's name, as the server sets it. */
export const SESSION_COOKIE = 'nf_session';

/**
 * The `components` object of the app's OpenAPI document; `responses` are the shared error
 * responses the operations referenced.
 * @example openApiComponents(app, book).schemas.Problem
 */
export function openApiComponents(app: App, responses: ResponseBook) {
  return {
    schemas: {
      Problem: problemSchema(app),
      ...WIRE_SCHEMAS,
      ...REALTIME_SCHEMAS,
      ClientMeta: META_SCHEMA,
      ...authSchemas(app),
      ...accountSchemas(app),
      ...automationSchemas(app),
      ...dataSchemas(app),
    },
    requestBodies: inputBodies(app),
    responses: responses.all(),
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: 'Set by sign-up and sign-in.',
      },
      bearer: { type: 'http', scheme: 'bearer', description: 'The `token` answered by sign-up and sign-in.' },
    },
  } satisfies Record<string, Record<string, JsonSchema>>;
}

function problemSchema(app: App): JsonSchema {
  const catalogue = Object.values(app.errors).map((e) => `\`${e.code}\` (${e.status}): ${e.message}`);
  return {
    type: 'object',
    description: `Every failure, as application/problem+json. The codes:\n\n- ${catalogue.join('\n- ')}`,
    properties: {
      type: { type: 'string', description: 'A URI reference naming the problem type.' },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      code: { type: 'string', enum: Object.keys(app.errors) },
      detail: { type: 'string', description: "The code's message, its parameters filled in." },
      params: schemaRef('ProblemParams'),
      errors: {
        type: 'array',
        description: `Every failing field, when fields failed; field issues: ${FIELD_ISSUE_CODES.join(', ')}.`,
        items: schemaRef('FieldError'),
      },
    },
    required: ['type', 'title', 'status', 'code', 'detail'],
  };
}

function dataSchemas(app: App): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, entity] of Object.entries(app.entities)) {
    const names = entitySchemaNames(name);
    const s = entitySchemas(entity);
    const can = `${pascal(name)}Can`;
    out[names.record] = {
      title: entity.label ?? name,
      ...s.record,
      properties: {
        ...(s.record.properties as Record<string, JsonSchema>),
        $can: {
          ...schemaRef(can),
          description: 'What the caller may do with it now; on single-record answers.',
        },
        $expand: {
          type: 'object',
          description: 'With `expand`: per reference field, its record as the caller may read it, or null.',
          additionalProperties: { type: ['object', 'null'] },
        },
      },
    };
    out[can] = canSchema(entity);
    out[names.page] = {
      type: 'object',
      properties: {
        items: { type: 'array', items: schemaRef(names.record) },
        nextCursor: { type: ['string', 'null'], description: 'null on the last page.' },
        total: {
          type: 'integer',
          minimum: 0,
          description: 'With `count=true`: every match the caller may read.',
        },
        totalIsLowerBound: {
          type: 'boolean',
          const: true,
          description:
            'Present when a count with `contains` or `search` stopped at its bound (10,000): `total` is at least that many.',
        },
      },
      required: ['items', 'nextCursor'],
    };
  }
  for (const [name, a] of Object.entries(app.actions)) {
    out[actionSchemaNames(name).output] = objectSchema(a.output, 'record');
  }
  return out;
}

/** The inputs of records, transitions and actions, as shared request bodies. */
function inputBodies(app: App): Record<string, JsonSchema> {
  const body = (schema: JsonSchema, required: boolean, description: string): JsonSchema => ({
    description,
    required,
    content: { 'application/json': { schema } },
  });
  // A body all of whose fields may be left out may be left out itself.
  const needed = (fields: Fields) =>
    Object.values(fields).some((f) => !f.optional && f.default === undefined);
  const out: Record<string, JsonSchema> = {};
  for (const [name, entity] of Object.entries(app.entities)) {
    const names = entitySchemaNames(name);
    const s = entitySchemas(entity);
    out[names.create] = body(s.create, true, 'The new record; a field with a default may be left out.');
    out[names.update] = body(s.update, true, 'The fields to change.');
    for (const [t, tr] of Object.entries(entity.states?.transitions ?? {})) {
      out[transitionInputName(name, t)] = body(
        objectSchema(tr.input, 'input'),
        needed(tr.input),
        `${tr.label}: its input.`,
      );
    }
  }
  for (const [name, a] of Object.entries(app.actions)) {
    out[actionSchemaNames(name).input] = body(
      objectSchema(a.input, 'input'),
      needed(a.input),
      "The action's input.",
    );
  }
  return out;
}

function canSchema(entity: EntityNode): JsonSchema {
  // An update grant of a file field lets the caller upload into it and remove its files.
  const writable = Object.entries(entity.fields)
    .filter(([, f]) => isWritable(f) || isFileField(f))
    .map(([n]) => n);
  const transitions = Object.keys(entity.states?.transitions ?? {});
  const names = (values: string[]): JsonSchema =>
    values.length > 0
      ? { type: 'array', items: { type: 'string', enum: values } }
      : { type: 'array', maxItems: 0 };
  return {
    type: 'object',
    properties: {
      update: { ...names(writable), description: 'The fields it may change now.' },
      delete: { type: 'boolean' },
      transitions: { ...names(transitions), description: 'The transitions it may run now.' },
    },
    required: ['update', 'delete', 'transitions'],
  };
}
