/**
 * Builders of route entries the route table and its parts share.
 */
import type { BuiltinErrorCode } from '../errors/builtin-errors';
import type { RouteAuth } from './route-table';

// A write sent with the session cookie from another site is refused (FORBIDDEN); a body may
// be too large or not JSON.
/** @example codes: [...WRITE, 'NOT_FOUND'] */
export const WRITE = ['PAYLOAD_TOO_LARGE', 'FORBIDDEN'] as const;

/**
 * A GET route answering 200.
 * @example get('/api/health', 'The service is up', 'public')
 */
export const get = (
  path: string,
  summary: string,
  auth: RouteAuth,
  codes: readonly BuiltinErrorCode[] = [],
) =>
  ({
    method: 'GET',
    path,
    summary,
    auth,
    expand: 'none',
    success: [200],
    codes,
    body: false,
    ifMatch: false,
  }) as const;

/**
 * A write of the account flows: JSON in, counted against the `account` rate.
 * @example post('/api/auth/password', 'Change your password', 'signedIn', [204], ['UNAUTHENTICATED'])
 */
export const post = (
  path: string,
  summary: string,
  auth: RouteAuth,
  success: readonly number[],
  codes: readonly BuiltinErrorCode[],
) =>
  ({
    method: 'POST',
    path,
    summary,
    auth,
    expand: 'none',
    success,
    codes: [...WRITE, ...codes],
    body: true,
    ifMatch: false,
    rateScope: 'account',
  }) as const;
