/**
 * A failed API call as one value: the server's problem+json answer (code, message, the
 * failing fields), or a network failure described the same way. The client package throws
 * NinefoldError, the UI's own fetch ApiError; the helpers here read both.
 */
import { fillTemplate } from '@ninefold/spec';

/** One failing field, as the server's `errors[]` lists it. */
export interface FieldProblem {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/** The body of an `application/problem+json` answer. */
export interface ProblemBody {
  readonly type?: string;
  readonly title?: string;
  readonly status?: number;
  readonly code?: string;
  readonly detail?: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly errors?: readonly FieldProblem[];
}

/** The message catalogue as `/api/meta` sends it. */
export type ErrorCatalogue = { readonly [code: string]: { readonly message: string } };

const NETWORK_MESSAGE = 'The server could not be reached. Check your connection and try again.';

/** A failed call. `code` is a catalogue code, or `NETWORK` when no answer came. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly errors: readonly FieldProblem[];
  /** The server's own words, when it answered with a problem body. */
  readonly detail: string | undefined;

  constructor(status: number, body: ProblemBody) {
    super(body.detail ?? body.title ?? `The request failed (${status}).`);
    this.name = 'ApiError';
    this.detail = body.detail ?? body.title;
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'NETWORK' : 'INTERNAL');
    this.params = body.params ?? {};
    this.errors = body.errors ?? [];
  }

  /** No answer at all: offline, refused, or cut off. */
  static network(): ApiError {
    return new ApiError(0, { code: 'NETWORK', detail: NETWORK_MESSAGE });
  }
}

interface ProblemLike {
  readonly code: string;
  readonly status?: number;
  readonly message?: string;
  readonly detail?: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly errors?: readonly FieldProblem[];
  readonly fieldErrors?: readonly FieldProblem[];
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
export function fieldProblems(error: unknown): readonly FieldProblem[] {
  const p = asProblem(error);
  return p?.fieldErrors ?? p?.errors ?? [];
}

/**
 * The words to show for a failure: the catalogue's template filled with the problem's
 * parameters, else the server's own message.
 * @example problemMessage(new ApiError(409, { code: 'OPEN_TICKET_LIMIT', params: { max: 5 } }), meta.errors)
 * // 'You can have at most 5 open tickets.'
 */
export function problemMessage(error: unknown, catalogue: ErrorCatalogue = {}): string {
  const p = asProblem(error);
  if (!p) return 'Something went wrong in the browser. Reload and try again.';
  const entry = Object.hasOwn(catalogue, p.code) ? catalogue[p.code] : undefined;
  const filled = entry ? fillTemplate(entry.message, p.params ?? {}) : undefined;
  // A template the answer had no parameters for would show `{max}`: the server's words then.
  if (filled && !/\{\w+\}/.test(filled)) return filled;
  return p.detail ?? p.message ?? filled ?? `The request failed (${p.code}).`;
}
