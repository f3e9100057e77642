/**
 * One OpenAPI operation of a route of the table: its success responses, a `$ref` to the
 * shared problem+json response of every status its codes answer, `If-Match` where the
 * route honours it, and the route it came from (`x-route`).
 */
import type { App } from '../app/define-app';
import { ROUTES, type RouteEntry, type RouteId, routeCodes } from '../contract/route-table';
import type { JsonSchema, JsonValue } from './json-schema';
import { jsonContent } from './openapi-names';
import { type ResponseBook, rateCodes, security } from './openapi-responses';
import type { PermissionMatrix } from './permission-matrix';

/** What every operation builder reads. */
export interface OpenApiContext {
  readonly app: App;
  readonly matrix: PermissionMatrix;
  readonly responses: ResponseBook;
}

export interface OperationInput {
  readonly operationId: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Whether a signed-out caller may call it at all; omitted for calls without security. */
  readonly anonymous?: boolean;
  readonly parameters?: readonly JsonSchema[];
  readonly requestBody?: JsonSchema;
  /** One per success status of the route. */
  readonly responses: { readonly [status: string]: JsonSchema };
  /** The app's own codes for this operation (access, quotas, validations, preconditions). */
  readonly codes?: readonly string[];
}

/**
 * The `If-Match` header a write takes: the record version it is based on.
 * @example IF_MATCH.name // 'If-Match'
 */
export const IF_MATCH: JsonSchema = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The record version the change is based on, as `"3"` (also `3` or `W/"3"`); a stale one answers 412 VERSION_MISMATCH.',
  schema: { type: 'string', pattern: '^(W/)?"?[0-9]{1,15}"?$' },
};

/**
 * An operation object for a route of the table; its error responses by `$ref`, every code
 * listed under `x-error-codes`. Throws when the success statuses differ from the table's.
 * @example
 * operation(ctx, 'getHealth', { operationId: 'getHealth', tags: ['platform'],
 *   responses: { '200': { description: 'OK' } } })
 */
export function operation(ctx: OpenApiContext, id: RouteId, op: OperationInput): JsonSchema {
  const route: RouteEntry = ROUTES[id];
  const success = Object.keys(op.responses).map(Number);
  if (success.join() !== route.success.join()) {
    throw new Error(
      `${op.operationId}: answers ${success.join()}, the route table says ${route.success.join()}`,
    );
  }
  const codes = [...new Set([...routeCodes(route), ...(op.codes ?? []), ...rateCodes(ctx.app, route)])];
  const parameters = [...(op.parameters ?? []), ...(route.ifMatch ? [IF_MATCH] : [])];
  return {
    operationId: op.operationId,
    summary: op.summary ?? route.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    security: op.anonymous === undefined ? [] : security(op.anonymous),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.requestBody ? { requestBody: op.requestBody } : {}),
    responses: { ...op.responses, ...ctx.responses.refs(codes) },
    'x-route': id,
    'x-error-codes': codes.filter((c) => Object.hasOwn(ctx.app.errors, c)) as JsonValue[],
  };
}

/**
 * A required JSON request body of a component schema.
 * @example jsonBody('SignupInput')
 */
export function jsonBody(schemaName: string): JsonSchema {
  return { required: true, content: jsonContent(schemaName) };
}

/**
 * A reference to a shared request body (`components.requestBodies`): the inputs of records,
 * transitions and actions live there, where generators read a field with a default as one
 * that may be left out (openapi-typescript makes it required in `components.schemas`).
 * @example bodyRef('CommentsCreate') // { $ref: '#/components/requestBodies/CommentsCreate' }
 */
export function bodyRef(name: string): JsonSchema {
  return { $ref: `#/components/requestBodies/${name}` };
}
