/**
 * The catalogue code an answer's status stands for when its body carries none (a proxy's
 * HTML error page, an empty body): one code per status where the catalogue has one, the
 * client's own `BAD_RESPONSE` where it has several or none.
 */
import type { BuiltinErrorCode } from '@ninefold/spec';

const BY_STATUS: Readonly<Record<number, BuiltinErrorCode>> = {
  400: 'MALFORMED_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  412: 'VERSION_MISMATCH',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL',
  // A gateway that cannot reach the app, or the app restarting: try again in a moment.
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'UNAVAILABLE',
};

/**
 * @example codeForStatus(502) // 'UNAVAILABLE'
 * @example codeForStatus(409) // 'BAD_RESPONSE' (INVALID_TRANSITION or a limit: the body would say)
 */
export function codeForStatus(status: number): BuiltinErrorCode | 'BAD_RESPONSE' {
  return BY_STATUS[status] ?? 'BAD_RESPONSE';
}
