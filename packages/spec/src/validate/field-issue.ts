/**
 * What a validation answers: the normalized value, or every failing field at once as
 * `{ path, code, message }` — the `errors` of a `VALIDATION_FAILED` problem.
 */
import type { FieldIssueCode } from '../errors/builtin-errors';

/** One failing field. `path` joins nested names and list indexes with dots: `tags.2`. */
export interface FieldIssue {
  readonly path: string;
  readonly code: FieldIssueCode;
  readonly message: string;
}

/** The normalized data, or the issues; never both. */
export type ValidationResult<T = Record<string, unknown>> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: FieldIssue[] };

/**
 * `create`: a new record, required fields checked and literal defaults applied.
 * `update`: a partial patch; immutable fields refused.
 * `input`: a transition's or action's input, checked like a create.
 */
export type ValidateMode = 'create' | 'update' | 'input';

export interface ValidateOptions {
  readonly mode: ValidateMode;
  /** The fields the caller's role may write; any other field in the data is refused as read-only. */
  readonly writable?: readonly string[];
  /** Name fields by their label in messages (default), or by their path when false. */
  readonly labels?: boolean;
}
