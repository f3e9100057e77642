/**
 * The error side of the OpenAPI document: which codes an operation can answer, grouped into
 * one problem+json response per status. Each distinct group is one shared response under
 * `components.responses`, which operations reference by `$ref`.
 */
import { ANONYMOUS, type App } from '../app/define-app';
import type { RouteEntry } from '../contract/route-table';
import type { JsonSchema, JsonValue } from './json-schema';
import type { PermissionCell } from './permission-matrix';

export const PROBLEM_JSON = 'application/problem+json';

/** The reason phrase of each status the built-in and declared codes use. */
const REASONS: { readonly [status: number]: string } = {
  101: 'Switching Protocols',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The reason phrase of an HTTP status, for titles and descriptions.
 * @example statusReason(409) // 'Conflict'
 */
export function statusReason(status: number): string {
  return REASONS[status] ?? `Status ${status}`;
}

/**
 * The codes grouped by status, in status order; unknown codes are skipped (the checker
 * reports them).
 * @example codesByStatus(app, ['NOT_FOUND', 'INVALID_TRANSITION']) // [[404, ['NOT_FOUND']], [409, ['INVALID_TRANSITION']]]
 */
export function codesByStatus(app: App, codes: readonly string[]): [number, string[]][] {
  const byStatus = new Map<number, string[]>();
  for (const code of new Set(codes)) {
    const status = Object.hasOwn(app.errors, code) ? app.errors[code]?.status : undefined;
    if (status === undefined) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus.entries()].sort(([a], [b]) => a - b);
}

/**
 * The shared error responses of a document: one per distinct set of codes, named after its
 * codes (`NotFound`, `InvalidTransitionOrReopenWindowExpired`), so operations reference
 * rather than repeat them.
 * @example
 * const book = new ResponseBook(app);
 * book.refs(['NOT_FOUND']) // { '404': { $ref: '#/components/responses/NotFound' } }
 */
export class ResponseBook {
  readonly #responses = new Map<string, JsonSchema>();

  constructor(private readonly app: App) {}

  /** One `$ref` per status among the codes, each naming a shared response. */
  refs(codes: readonly string[]): Record<string, JsonSchema> {
    return Object.fromEntries(
      codesByStatus(this.app, codes).map(([status, list]) => {
        const name = list.map(pascalCode).join('Or');
        if (!this.#responses.has(name)) this.#responses.set(name, problemResponse(this.app, status, list));
        return [String(status), { $ref: `#/components/responses/${name}` }];
      }),
    );
  }

  /** Every response referenced so far, by name, sorted. */
  all(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.#responses.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }
}

function pascalCode(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
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

/**
 * RATE_LIMITED when the route counts against a rate: sign-in, sign-up and the account flows
 * always (the server limits them declared or not), writes and actions when the app declares a rate for them.
 * @example rateCodes(app, ROUTES.authSignup) // ['RATE_LIMITED']
 */
export function rateCodes(app: App, route: RouteEntry): string[] {
  const scope = route.rateScope;
  if (!scope) return [];
  if (scope === 'login' || scope === 'signup' || scope === 'account' || scope === 'mail')
    return ['RATE_LIMITED'];
  return Object.values(app.limits.rates).some((r) => r.scope === scope) ? ['RATE_LIMITED'] : [];
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
