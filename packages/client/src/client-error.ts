/**
 * Failures as the client sees them: one error class carrying a catalogue code, its
 * parameters and every failing field, typed as a union of the app's codes.
 */
import type { ErrorCode, ErrorParams, FieldError, Problem } from '@ninefold/spec';

// The wire types are the contract's (packages/spec/src/contract/wire-types.ts).
export type { FieldError, Problem };

/**
 * The client's own codes, never in an app's catalogue: `NETWORK`, a call that got no answer
 * (status 0); `BAD_RESPONSE`, an answer that was not the server's JSON (a proxy's page, an
 * empty or cut-off body) and whose status names no one code.
 */
export type NetworkCode = 'NETWORK' | 'BAD_RESPONSE';

/**
 * Thrown by every client call that fails: a server problem, a network failure (code
 * `NETWORK`, status 0), or an answer that was not JSON (the code its status stands for, or
 * `BAD_RESPONSE`). Its type parameters are filled in by `AppErrorOf<A>`.
 * @example try { await client.create('tickets', t) } catch (e) { if (client.isError(e)) show(e.message) }
 */
export class NinefoldError<
  C extends string = string,
  P extends object = Record<string, string | number>,
> extends Error {
  readonly code: C;
  readonly status: number;
  readonly params: P;
  readonly fieldErrors: readonly FieldError[];

  constructor(problem: Problem) {
    super(problem.detail || problem.title);
    this.name = 'NinefoldError';
    // The server only answers with codes of its catalogue, which the app's type mirrors.
    this.code = problem.code as C;
    this.status = problem.status;
    this.params = (problem.params ?? {}) as P;
    this.fieldErrors = problem.errors ?? [];
  }

  /** This error, typed as the union of the app's errors (`client.isError(e)` does this too). */
  typed<A>(): AppErrorOf<A> {
    return this as unknown as AppErrorOf<A>;
  }
}

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * Every error a client of the app can throw, as a discriminated union: narrowing on `code`
 * types `params`. An untyped app (`any`) gets the loose `NinefoldError`.
 * @example if (e.code === 'OPEN_TICKET_LIMIT') console.log(e.params.max);
 */
export type AppErrorOf<A> =
  IsAny<A> extends true
    ? NinefoldError
    :
        | { [C in ErrorCode<A>]: NinefoldError<C, ErrorParams<A, C>> }[ErrorCode<A>]
        | { [C in NetworkCode]: NinefoldError<C, Record<string, never>> }[NetworkCode];

/** The codes of `AppErrorOf<A>`: the app's catalogue and `NETWORK`. */
export type AppErrorCode<A> = AppErrorOf<A>['code'];

/** The error of one code. @example type Limit = AppErrorWith<typeof app, 'OPEN_TICKET_LIMIT'> */
export type AppErrorWith<A, C extends AppErrorCode<A>> =
  IsAny<A> extends true ? NinefoldError : Extract<AppErrorOf<A>, { readonly code: C }>;

/**
 * True for an error thrown by the client, also one from another copy of the package (its
 * `name` tells, where `instanceof` cannot).
 * @example
 * try { await client.create('tickets', input); }
 * catch (e) { if (isNinefoldError(e) && e.status === 409) showLimit(e.message); else throw e; }
 */
export function isNinefoldError(e: unknown): e is NinefoldError {
  return e instanceof NinefoldError || (e instanceof Error && e.name === 'NinefoldError');
}

/**
 * A type guard for an app's errors, optionally of one code; `createClient` binds it to the
 * app as `client.isError`.
 * @example if (isAppError<typeof app>()(e, 'OPEN_TICKET_LIMIT')) console.log(e.params.max);
 */
export function isAppError<A>() {
  return <C extends AppErrorCode<A> = AppErrorCode<A>>(e: unknown, code?: C): e is AppErrorWith<A, C> =>
    isNinefoldError(e) && (code === undefined || e.code === code);
}
