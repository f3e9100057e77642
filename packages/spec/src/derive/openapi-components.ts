/**
 * The components of the OpenAPI document: schemas of every entity, transition and action,
 * the Problem answered by every failure, a response per error status, and the two ways to
 * authenticate.
 */
import type { App } from '../app/define-app';
import { FIELD_ISSUE_CODES } from '../errors/builtin-errors';
import { entitySchemas, type JsonSchema, objectSchema } from './json-schema';
import { actionSchemaNames, entitySchemaNames, schemaRef, transitionInputName } from './openapi-names';
import { authSchemas } from './openapi-platform';
import { problemResponse, statusReason } from './openapi-responses';

/** The session cookie's name, as the server sets it. */
export const SESSION_COOKIE = 'nf_session';

/**
 * The `components` object of the app's OpenAPI document.
 * @example openApiComponents(app).schemas.Problem
 */
export function openApiComponents(app: App) {
  return {
    schemas: {
      Problem: problemSchema(app),
      ClientMeta: CLIENT_META,
      ...authSchemas(app),
      ...dataSchemas(app),
    },
    responses: statusResponses(app),
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
      errors: {
        type: 'array',
        description: 'Every failing field, when fields failed.',
        items: {
          type: 'object',
          properties: {
            path: { type: 'string', description: 'The field, e.g. `subject` or `tags.2`.' },
            code: {
              type: 'string',
              description: `A field issue (${FIELD_ISSUE_CODES.join(', ')}) or an error code of the app.`,
            },
            message: { type: 'string' },
          },
          required: ['path', 'code', 'message'],
        },
      },
    },
    required: ['type', 'title', 'status', 'code', 'detail'],
  };
}

// `/api/meta` is described by its top-level keys; its full type is `ClientMeta` in the spec package.
const CLIENT_META: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(
    ['about', 'roles', 'entities', 'errors', 'constants', 'limits', 'screens', 'actions', 'permissions'].map(
      (k) => [k, { type: 'object' }],
    ),
  ),
  required: [
    'about',
    'roles',
    'entities',
    'errors',
    'constants',
    'limits',
    'screens',
    'actions',
    'permissions',
  ],
};

function dataSchemas(app: App): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, entity] of Object.entries(app.entities)) {
    const names = entitySchemaNames(name);
    const s = entitySchemas(entity);
    out[names.record] = { title: entity.label ?? name, ...s.record };
    out[names.create] = s.create;
    out[names.update] = s.update;
    out[names.page] = {
      type: 'object',
      properties: {
        items: { type: 'array', items: schemaRef(names.record) },
        nextCursor: { type: ['string', 'null'], description: 'null on the last page.' },
      },
      required: ['items', 'nextCursor'],
    };
    for (const [t, tr] of Object.entries(entity.states?.transitions ?? {})) {
      out[transitionInputName(name, t)] = objectSchema(tr.input, 'input');
    }
  }
  for (const [name, a] of Object.entries(app.actions)) {
    const names = actionSchemaNames(name);
    out[names.input] = objectSchema(a.input, 'input');
    out[names.output] = objectSchema(a.output, 'record');
  }
  return out;
}

function statusResponses(app: App): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const e of Object.values(app.errors))
    byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e.code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        statusReason(status).replace(/\W/g, ''),
        problemResponse(app, status, codes),
      ]),
  );
}
