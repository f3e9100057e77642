/**
 * The platform's own error codes: the closed set every app starts from (DESIGN.md).
 * One table from code to HTTP status and message.
 */
import type { ParamKinds } from './message-template';

export const BUILTIN_ERRORS = {
  MALFORMED_REQUEST: {
    status: 400,
    message: 'The request could not be read: {reason}',
    params: { reason: 'string' },
  },
  UNAUTHENTICATED: { status: 401, message: 'Sign in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: 'The email or password is not correct.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Confirm your email address first: follow the link we sent you.',
  },
  INVALID_TOKEN: { status: 400, message: 'This link is not valid or has expired. Ask for a new one.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  VERSION_MISMATCH: {
    status: 412,
    message: 'This record was changed by someone else. Reload and try again.',
  },
  INVALID_TRANSITION: {
    status: 409,
    message: 'This cannot be done while the record is {state}.',
    params: { state: 'string' },
  },
  LIMIT_EXCEEDED: {
    status: 409,
    message: 'The limit {limit} of {max} is reached.',
    params: { limit: 'string', max: 'number' },
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'The request is larger than {max} bytes.',
    params: { max: 'number' },
  },
  STILL_REFERENCED: {
    status: 409,
    message: 'This record cannot be deleted while {entity} still refer to it.',
    params: { entity: 'string' },
  },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  VALIDATION_FAILED: { status: 422, message: 'Some fields are not valid.' },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many requests. Try again in {retryAfter} seconds.',
    params: { retryAfter: 'number' },
  },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
  UNAVAILABLE: { status: 503, message: 'The server is restarting. Try again in a moment.' },
} as const satisfies Record<string, { status: number; message: string; params?: ParamKinds }>;

export type BuiltinErrorCode = keyof typeof BUILTIN_ERRORS;

/** Codes reported per field inside `VALIDATION_FAILED` (`errors[].code`). */
export const FIELD_ISSUE_CODES = [
  'required',
  'type',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'pattern',
  'email',
  'enum',
  'not_integer',
  'too_many',
  'unknown_field',
  'read_only',
  'immutable',
  'unique',
  'reference',
  'rule',
  // A file whose content is not of a type its field accepts; an image over its pixel limit.
  'file_type',
  'too_many_pixels',
] as const;
export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number];
