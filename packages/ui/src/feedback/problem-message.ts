/**
 * A failure in the words the UI shows: the catalogue's message filled with the problem's
 * parameters, the failing fields, the code. Every failure reaches the UI as the client's
 * NinefoldError (a server problem, `NETWORK`, or an answer that was not the server's JSON);
 * anything else is a bug in the page.
 */
import type { FieldError, MetaAnswer } from '@ninefold/client';
import { fillTemplate } from '@ninefold/spec';

/** The message catalogue of `/api/meta`, as far as it is read here: each code's message. */
export type ErrorCatalogue = { readonly [code: string]: Pick<MetaAnswer['errors'][string], 'message'> };

// What is read of a failure: the client's NinefoldError, also from another copy of the
// package (an app's own components may bundle one), so by shape rather than `instanceof`.
interface ProblemLike {
  readonly code: string;
  readonly message?: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly fieldErrors?: readonly FieldError[];
}

function asProblem(error: unknown): ProblemLike | undefined {
  return typeof error === 'object' && error !== null && typeof (error as ProblemLike).code === 'string'
    ? (error as ProblemLike)
    : undefined;
}

/**
 * The catalogue code of a failure, or undefined for a bug in the page.
 * @example problemCode(e) === 'OPEN_TICKET_LIMIT'
 */
export function problemCode(error: unknown): string | undefined {
  return asProblem(error)?.code;
}

/**
 * The failing fields of a failure (VALIDATION_FAILED and friends), else none.
 * @example fieldProblems(e).map((p) => p.path) // ['subject', 'description']
 */
export function fieldProblems(error: unknown): readonly FieldError[] {
  return asProblem(error)?.fieldErrors ?? [];
}

/**
 * The words to show for a failure: the catalogue's template filled with the problem's
 * parameters, else the server's own message.
 * @example problemMessage(error, meta.errors) // a 409 OPEN_TICKET_LIMIT with { max: 5 }: 'You can have at most 5 open tickets.'
 */
export function problemMessage(error: unknown, catalogue: ErrorCatalogue = {}): string {
  const p = asProblem(error);
  if (!p) return 'Something went wrong in the browser. Reload and try again.';
  const entry = Object.hasOwn(catalogue, p.code) ? catalogue[p.code] : undefined;
  const filled = entry ? fillTemplate(entry.message, p.params ?? {}) : undefined;
  // A template the answer had no parameters for would show `{max}`: the server's words then.
  if (filled && !/\{\w+\}/.test(filled)) return filled;
  return p.message || filled || `The request failed (${p.code}).`;
}
