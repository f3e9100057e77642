/**
 * Failures as the client sees them: one error class carrying a catalogue code, its
 * parameters and every failing field, typed as a union of the app's codes.
 */
import type { ErrorCode, ErrorParams } from '@ninefold/spec';

export interface FieldError {
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/** The problem+json body the server answers with. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly params?: Record<string, string | number>;
  readonly errors?: readonly FieldError[];
}

/**
 * Every error of an app as a discriminated union: narrowing on `code` types `params`.
 * @example if (e.code === 'OPEN_TICKET_LIMIT') console.log(e.params.max);
 */
export type AppErrorOf<A> = {
  [C in ErrorCode<A>]: {
    readonly code: C;
    readonly params: ErrorParams<A, C>;
    readonly status: number;
    readonly message: string;
    readonly fieldErrors: readonly FieldError[];
  };
}[ErrorCode<A>];

/**
 * Thrown by every client call that fails: a server problem, or a network failure
 * (code `NETWORK`, status 0).
 * @example try { await client.create('tickets', t) } catch (e) { if (isNinefoldError(e)) show(e.message) }
 */
export class NinefoldError extends Error {
  readonly code: string;
  readonly status: number;
  readonly params: Record<string, string | number>;
  readonly fieldErrors: readonly FieldError[];

  constructor(problem: Problem) {
    super(problem.detail || problem.title);
    this.name = 'NinefoldError';
    this.code = problem.code;
    this.status = problem.status;
    this.params = problem.params ?? {};
    this.fieldErrors = problem.errors ?? [];
  }

  /** This error, typed as the union of the app's errors. */
  typed<A>(): AppErrorOf<A> {
    return this as unknown as AppErrorOf<A>;
  }
}

/** True for an error thrown by the client. */
export function isNinefoldError(e: unknown): e is NinefoldError {
  return e instanceof NinefoldError || (e instanceof Error && e.name === 'NinefoldError');
}
