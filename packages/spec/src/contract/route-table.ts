/**
 * The route table: every HTTP route of the contract (DESIGN.md) the server answers today,
 * once. The server registers its routes from it, OpenAPI is derived from it (one operation
 * per route, or per entity, transition or action for the routes that `expand`), and the
 * client implements every entry.
 */
import type { BuiltinErrorCode } from '../errors/builtin-errors';
import { AUTOMATION_ROUTES } from './automation-routes';
import { FILE_ROUTES } from './file-routes';
import { get, post, WRITE } from './route-builders';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone (`public`); whoever the spec's access rules admit (`rules`,
 * their codes read off the permission matrix); a signed-in caller; an admin.
 */
export type RouteAuth = 'public' | 'rules' | 'signedIn' | 'admin';

/** How OpenAPI spells a route out for an app: once, or once per entity, transition or action. */
export type RouteExpansion = 'none' | 'entity' | 'transition' | 'action' | 'file';

/** The rate scope a route counts against, when it is limited. */
export type RouteRateScope = 'write' | 'action' | 'login' | 'signup' | 'mail' | 'account';

export interface RouteEntry {
  readonly method: HttpMethod;
  /** OpenAPI's template form: `/api/entities/{entity}/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly auth: RouteAuth;
  readonly expand: RouteExpansion;
  /** The success statuses it answers. */
  readonly success: readonly number[];
  /**
   * The platform's codes it can answer beyond `UNIVERSAL_CODES`; the app adds its own (access
   * refusals, quotas, validations, preconditions) where the route expands.
   */
  readonly codes: readonly BuiltinErrorCode[];
  /** Takes a JSON body (or, with `multipart`, a multipart/form-data one). */
  readonly body: boolean;
  /** The body is multipart/form-data (an upload), streamed rather than parsed as JSON. */
  readonly multipart?: boolean;
  /** Honours `If-Match: <version>` (a stale one answers 412 VERSION_MISMATCH). */
  readonly ifMatch: boolean;
  readonly rateScope?: RouteRateScope;
}

/**
 * Codes any request can meet, whatever it calls: a query or path that cannot be read, a
 * request too slow to arrive or with headers too large, a failure on the server, a restart.
 */
export const UNIVERSAL_CODES = [
  'MALFORMED_REQUEST',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'INTERNAL',
  'UNAVAILABLE',
] as const satisfies readonly BuiltinErrorCode[];

/**
 * Every route, by operation id (for a route that expands, the id's stem: `listRecords`
 * becomes `listTickets`).
 * @example ROUTES.getRecord.path // '/api/entities/{entity}/{id}'
 */
export const ROUTES = {
  getHealth: get('/api/health', 'The service is up', 'public'),
  getMeta: { ...get('/api/meta', 'The client-facing form of the spec', 'public'), success: [200, 304] },
  getOpenApi: get('/api/openapi.json', 'This document', 'public'),
  authSignup: {
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Sign up',
    auth: 'public',
    expand: 'none',
    success: [201],
    codes: [...WRITE, 'VALIDATION_FAILED', 'RATE_LIMITED'],
    body: true,
    ifMatch: false,
    rateScope: 'signup',
  },
  authLogin: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in',
    auth: 'public',
    expand: 'none',
    success: [200],
    codes: [...WRITE, 'INVALID_CREDENTIALS', 'RATE_LIMITED'],
    body: true,
    ifMatch: false,
    rateScope: 'login',
  },
  authLogout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out',
    auth: 'public',
    expand: 'none',
    success: [204],
    codes: WRITE,
    body: true,
    ifMatch: false,
  },
  authMe: get('/api/auth/me', 'The signed-in user', 'signedIn', ['UNAUTHENTICATED']),
  // Account flows (DESIGN.md). Each write counts against the built-in `account` rate (per
  // user, else per address); those that send mail against `mail` too (per recipient).
  authPasswordReset: post(
    '/api/auth/password-reset',
    'Ask for a password reset link',
    'public',
    [202],
    ['VALIDATION_FAILED', 'RATE_LIMITED'],
  ),
  authPasswordResetConfirm: post(
    '/api/auth/password-reset/confirm',
    'Choose a new password with a reset link',
    'public',
    [200],
    ['INVALID_TOKEN', 'VALIDATION_FAILED', 'RATE_LIMITED'],
  ),
  authVerifyEmail: post(
    '/api/auth/verify-email',
    'Confirm an email address with its link',
    'public',
    [200],
    ['INVALID_TOKEN', 'VALIDATION_FAILED', 'RATE_LIMITED'],
  ),
  authVerifyEmailResend: post(
    '/api/auth/verify-email/resend',
    'Send the verification link again',
    'signedIn',
    [202],
    ['UNAUTHENTICATED', 'RATE_LIMITED'],
  ),
  authChangePassword: post(
    '/api/auth/password',
    'Change your password',
    'signedIn',
    [204],
    ['UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'VALIDATION_FAILED', 'RATE_LIMITED'],
  ),
  authChangeEmail: post(
    '/api/auth/email',
    'Change your email address (takes effect once the new one is confirmed)',
    'signedIn',
    [202],
    ['UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'VALIDATION_FAILED', 'RATE_LIMITED'],
  ),
  authLogoutEverywhere: post(
    '/api/auth/logout-everywhere',
    'Sign out on every device',
    'signedIn',
    [204],
    ['UNAUTHENTICATED', 'RATE_LIMITED'],
  ),
  listInvitations: {
    ...get('/api/auth/invitations', 'Pending invitations', 'signedIn', [
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'RATE_LIMITED',
    ]),
    rateScope: 'account',
  },
  createInvitation: post(
    '/api/auth/invitations',
    'Invite someone (again: a new link)',
    'signedIn',
    [201],
    ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'RATE_LIMITED'],
  ),
  acceptInvitation: post(
    '/api/auth/invitations/accept',
    'Accept an invitation: set a password, signed in',
    'public',
    [200],
    ['INVALID_TOKEN', 'VALIDATION_FAILED', 'RATE_LIMITED'],
  ),
  deleteInvitation: {
    ...post(
      '/api/auth/invitations/{id}',
      'Revoke an invitation',
      'signedIn',
      [204],
      ['UNAUTHENTICATED', 'NOT_FOUND', 'RATE_LIMITED'],
    ),
    method: 'DELETE',
  },
  listApiKeys: {
    ...get('/api/auth/api-keys', 'API keys (yours; an admin names a service account)', 'signedIn', [
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'RATE_LIMITED',
    ]),
    rateScope: 'account',
  },
  createApiKey: post(
    '/api/auth/api-keys',
    'Make an API key (shown once)',
    'signedIn',
    [201],
    ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'RATE_LIMITED'],
  ),
  deleteApiKey: {
    ...post(
      '/api/auth/api-keys/{id}',
      'Revoke an API key',
      'signedIn',
      [204],
      ['UNAUTHENTICATED', 'NOT_FOUND', 'RATE_LIMITED'],
    ),
    method: 'DELETE',
  },
  listMail: {
    ...get('/api/mail', 'Mail sent and queued (with bodies in the development outbox)', 'admin', [
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'RATE_LIMITED',
    ]),
    rateScope: 'account',
  },
  getQuotas: get('/api/quotas', "The caller's quota usage", 'signedIn', ['UNAUTHENTICATED']),
  getRates: get('/api/rates', 'What the rate limits hold now', 'admin', ['UNAUTHENTICATED', 'FORBIDDEN']),
  getAudit: get('/api/audit', 'The audit log', 'admin', ['UNAUTHENTICATED', 'FORBIDDEN']),
  // Admins, or a scraper with the operator's METRICS_TOKEN as its bearer token.
  getMetrics: get('/api/metrics', 'Prometheus metrics', 'admin', ['UNAUTHENTICATED', 'FORBIDDEN']),
  listRecords: { ...get('/api/entities/{entity}', 'List records', 'rules'), expand: 'entity' },
  aggregateRecords: {
    ...get('/api/entities/{entity}/aggregate', 'Group and aggregate records', 'rules'),
    expand: 'entity',
  },
  exportRecords: {
    ...get('/api/entities/{entity}/export', 'Export the list as CSV or JSON', 'rules'),
    expand: 'entity',
  },
  importRecords: {
    method: 'POST',
    path: '/api/entities/{entity}/import',
    summary: 'Import records from CSV or JSON, with a report by row',
    auth: 'rules',
    expand: 'entity',
    success: [200],
    codes: [...WRITE, 'VALIDATION_FAILED', 'RATE_LIMITED'],
    body: true,
    ifMatch: false,
    rateScope: 'write',
  },
  createRecord: {
    method: 'POST',
    path: '/api/entities/{entity}',
    summary: 'Create a record',
    auth: 'rules',
    expand: 'entity',
    success: [201],
    codes: [...WRITE, 'VALIDATION_FAILED'],
    body: true,
    ifMatch: false,
    rateScope: 'write',
  },
  getRecord: {
    ...get('/api/entities/{entity}/{id}', 'Get a record', 'rules', ['NOT_FOUND']),
    expand: 'entity',
  },
  updateRecord: {
    method: 'PATCH',
    path: '/api/entities/{entity}/{id}',
    summary: 'Update a record',
    auth: 'rules',
    expand: 'entity',
    success: [200],
    codes: [...WRITE, 'NOT_FOUND', 'VERSION_MISMATCH', 'VALIDATION_FAILED'],
    body: true,
    ifMatch: true,
    rateScope: 'write',
  },
  deleteRecord: {
    method: 'DELETE',
    path: '/api/entities/{entity}/{id}',
    summary: 'Delete a record',
    auth: 'rules',
    expand: 'entity',
    success: [204],
    codes: [...WRITE, 'NOT_FOUND', 'VERSION_MISMATCH'],
    body: true,
    ifMatch: true,
    rateScope: 'write',
  },
  getHistory: {
    ...get('/api/entities/{entity}/{id}/history', "A record's history", 'rules', ['NOT_FOUND']),
    expand: 'entity',
  },
  runTransition: {
    method: 'POST',
    path: '/api/entities/{entity}/{id}/transitions/{name}',
    summary: 'Run a transition',
    auth: 'rules',
    expand: 'transition',
    success: [200],
    codes: [...WRITE, 'NOT_FOUND', 'VERSION_MISMATCH', 'INVALID_TRANSITION', 'VALIDATION_FAILED'],
    body: true,
    ifMatch: true,
    rateScope: 'write',
  },
  runAction: {
    method: 'POST',
    path: '/api/actions/{name}',
    summary: 'Run an action',
    auth: 'rules',
    expand: 'action',
    success: [200],
    codes: [...WRITE, 'VALIDATION_FAILED'],
    body: true,
    ifMatch: false,
    rateScope: 'action',
  },
  // A plain GET (no upgrade) is answered NOT_FOUND; a handshake from another site FORBIDDEN.
  realtime: {
    ...get('/api/realtime', 'Realtime updates (WebSocket)', 'public', ['FORBIDDEN', 'NOT_FOUND']),
    success: [101],
  },
  ...AUTOMATION_ROUTES,
  ...FILE_ROUTES,
} as const satisfies Record<string, RouteEntry>;

/** The id of a route of the table. */
export type RouteId = keyof typeof ROUTES;

/**
 * The ids of every route, in the table's order.
 * @example ROUTE_IDS.includes('getAudit') // true
 */
export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/**
 * Every code a route can answer before the app adds its own.
 * @example routeCodes(ROUTES.authMe) // ['MALFORMED_REQUEST', …, 'UNAUTHENTICATED']
 */
export function routeCodes(route: RouteEntry): BuiltinErrorCode[] {
  return [...new Set<BuiltinErrorCode>([...UNIVERSAL_CODES, ...route.codes])];
}

/**
 * A route's path in Fastify's (and find-my-way's) form.
 * @example fastifyPath('/api/entities/{entity}/{id}') // '/api/entities/:entity/:id'
 */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
