/**
 * The error side of the OpenAPI document: which codes an operation can answer, grouped into
 * one problem+json response per status, each naming its codes.
 */
import { ANONYMOUS, type App } from '../app/define-app';
import type { RateScope } from '../app/limits';
import type { JsonSchema, JsonValue } from './json-schema';
import type { PermissionCell } from './permission-matrix';

export const PROBLEM_JSON = 'application/problem+json';

/** The reason phrase of each status the built-in and declared codes use. */
const REASONS: { readonly [status: number]: string } = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * The reason phrase of an HTTP status, for titles and descriptions.
 * @example statusReason(409) // 'Conflict'
 */
export function statusReason(status: number): string {
  return REASONS[status] ?? `Status ${status}`;
}

/**
 * One problem+json response per status among the codes, each listing its codes and their
 * messages, with the Problem schema narrowed to those codes. Unknown codes are skipped: the
 * checker reports them.
 * @example
 * errorResponses(app, ['NOT_FOUND', 'INVALID_TRANSITION', 'REOPEN_WINDOW_EXPIRED'])
 * // { '404': {…}, '409': { 'x-error-codes': ['INVALID_TRANSITION', 'REOPEN_WINDOW_EXPIRED'], … } }
 */
export function errorResponses(app: App, codes: readonly string[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const code of new Set(codes)) {
    const status = app.errors[code]?.status;
    if (status === undefined) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const sorted = [...byStatus.entries()].sort(([a], [b]) => a - b);
  return Object.fromEntries(
    sorted.map(([status, list]) => [String(status), problemResponse(app, status, list)]),
  );
}

/**
 * A problem+json response for one status and its codes.
 * @example problemResponse(app, 404, ['NOT_FOUND'])
 */
export function problemResponse(app: App, status: number, codes: readonly string[]): JsonSchema {
  const lines = codes.map((c) => `\`${c}\`: ${app.errors[c]?.message ?? ''}`);
  return {
    description: `${statusReason(status)}. ${lines.join(' ')}`,
    'x-error-codes': [...codes],
    ...(status === 429 ? { headers: { 'Retry-After': retryAfterHeader } } : {}),
    content: {
      [PROBLEM_JSON]: {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Problem' },
            { type: 'object', properties: { status: { const: status }, code: { enum: [...codes] } } },
          ],
        },
      },
    },
  };
}

const retryAfterHeader: JsonSchema = {
  description: 'Seconds until a request may be tried again.',
  schema: { type: 'integer', minimum: 0 },
};

/** Codes that every call can answer, whatever it does. */
export function baseCodes(app: App, scope: RateScope, withBody: boolean): string[] {
  const limited = Object.values(app.limits.rates).some((r) => r.scope === scope);
  return [
    ...(withBody ? ['MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'VALIDATION_FAILED'] : []),
    ...(limited ? ['RATE_LIMITED'] : []),
    'INTERNAL',
  ];
}

/**
 * The access codes an operation can answer, read off its permission cells per role:
 * `UNAUTHENTICATED` when a signed-out caller may be refused, `FORBIDDEN` when a signed-in
 * one may be. `refusedWhen` says which cells end in a refusal rather than, say, a 404.
 * @example accessCodes(matrixCellsByRole, ['never', 'conditional']) // ['UNAUTHENTICATED', 'FORBIDDEN']
 */
export function accessCodes(
  cells: { readonly [role: string]: PermissionCell | undefined },
  refusedWhen: readonly PermissionCell['allowed'][],
): string[] {
  const refused = (role: string) => refusedWhen.includes(cells[role]?.allowed ?? 'never');
  const signedIn = Object.keys(cells).filter((role) => role !== ANONYMOUS);
  return [
    ...(refused(ANONYMOUS) ? ['UNAUTHENTICATED'] : []),
    ...(signedIn.some(refused) ? ['FORBIDDEN'] : []),
  ];
}

/**
 * The security requirement of an operation: open to signed-out callers, or needing a
 * session cookie or a bearer token.
 * @example security(false) // [{ session: [] }, { bearer: [] }]
 */
export function security(anonymousAllowed: boolean): JsonValue[] {
  const signedIn = [{ session: [] }, { bearer: [] }];
  return anonymousAllowed ? [{}, ...signedIn] : signedIn;
}
