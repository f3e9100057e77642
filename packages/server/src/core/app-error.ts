/**
 * The one error type of the server's core: a catalogue code with its parameters and, for
 * validation, every failing field. The HTTP adapter turns it into problem+json using the
 * app's catalogue for status and message; nothing else ever reaches a client.
 */
import type { BuiltinErrorCode, FieldError } from '@ninefold/spec';

/** One failing field, as the answer carries it: the contract's `FieldError`. */
export type FieldIssue = FieldError;

/**
 * @example throw new AppError('OPEN_TICKET_LIMIT', { max: 5 });
 */
export class AppError extends Error {
  constructor(
    readonly code: BuiltinErrorCode | (string & {}),
    readonly params: Readonly<Record<string, string | number>> = {},
    readonly issues: readonly FieldIssue[] = [],
    /** Extra headers the answer needs, such as `Retry-After`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/**
 * A validation failure listing every failing field.
 * @example throw validationFailed([{ path: 'subject', code: 'too_short', message: '…' }]);
 */
export function validationFailed(issues: readonly FieldIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', {}, issues);
}

/** True for an AppError (also across module copies). */
export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError || (e instanceof Error && e.name === 'AppError' && 'code' in e);
}
