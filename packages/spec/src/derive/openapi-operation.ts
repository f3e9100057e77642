/**
 * One OpenAPI operation: its success responses and the problem+json responses of every
 * error code it can answer.
 */
import type { App } from '../app/define-app';
import type { JsonSchema, JsonValue } from './json-schema';
import { jsonContent } from './openapi-names';
import { errorResponses, security } from './openapi-responses';

export interface OperationInput {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Whether a signed-out caller may call it at all; omitted for calls without security. */
  readonly anonymous?: boolean;
  readonly parameters?: readonly JsonSchema[];
  readonly requestBody?: JsonSchema;
  readonly responses: { readonly [status: string]: JsonSchema };
  readonly codes: readonly string[];
}

/**
 * An operation object, its error responses grouped by status and listed under `x-error-codes`.
 * @example
 * operation(app, { operationId: 'getHealth', summary: 'Health', tags: ['system'],
 *   responses: { '200': { description: 'OK' } }, codes: ['INTERNAL'] })
 */
export function operation(app: App, op: OperationInput): JsonSchema {
  const errors = errorResponses(app, op.codes);
  const codes: JsonValue[] = Object.values(errors).flatMap((r) => (r['x-error-codes'] as JsonValue[]) ?? []);
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    security: op.anonymous === undefined ? [] : security(op.anonymous),
    ...(op.parameters && op.parameters.length > 0 ? { parameters: [...op.parameters] } : {}),
    ...(op.requestBody ? { requestBody: op.requestBody } : {}),
    responses: { ...op.responses, ...errors },
    'x-error-codes': codes,
  };
}

/**
 * A required JSON request body of a component schema.
 * @example jsonBody('TicketsCreate')
 */
export function jsonBody(schemaName: string, required = true): JsonSchema {
  return { required, content: jsonContent(schemaName) };
}
