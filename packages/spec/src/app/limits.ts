/**
 * Declared limits: count quotas per owner or per referenced record, rate limits per role and scope, page and body
 * sizes. The server enforces them; `/api/meta` tells the client.
 */
import type { Expr } from '../rules/expr';
import type { Rule } from '../rules/rule';

interface QuotaBase {
  readonly description?: string;
  /** The entity whose records are counted. */
  readonly entity: string;
  /** Which records count (default all of the owner's, or all that point at the same record). */
  readonly where?: Rule<string>;
  /** Roles the quota applies to (default all). */
  readonly roles?: readonly string[];
  /** A number or a constant. */
  readonly max: number | Expr<never>;
  /** The error code when a create would pass the quota (default LIMIT_EXCEEDED); gets `{max}`. */
  readonly error?: string;
}

/** A quota per owner: the records of one user, counted in `GET /api/quotas` for the caller. */
export interface OwnerQuotaInput extends QuotaBase {
  /** The reference to users that points at the owner (the caller) of a counted record. */
  readonly owner: string;
  readonly per?: undefined;
}

/**
 * A quota per referenced record: "at most 3 loans out per book" is
 * `{ entity: 'loans', per: 'book', where: inState('out'), max: 3 }`.
 */
export interface PerQuotaInput extends QuotaBase {
  /** The reference field whose target a separate count is kept for. */
  readonly per: string;
  readonly owner?: undefined;
}

/** A count quota: per owner (`owner`) or per any referenced record (`per`). */
export type QuotaInput = OwnerQuotaInput | PerQuotaInput;

/**
 * The reference field a quota keeps its counts by: its `owner`, or its `per`.
 * @example quotaKey({ entity: 'loans', per: 'book', max: 3 }) // 'book'
 */
export function quotaKey(q: QuotaInput): string {
  return q.per ?? q.owner ?? '';
}

/** What a rate limit counts. */
export type RateScope = 'write' | 'read' | 'action' | 'login' | 'signup' | 'mail' | 'account';

export interface RateInput {
  readonly description?: string;
  readonly scope: RateScope;
  /** Roles it applies to (default all, anonymous included). */
  readonly roles?: readonly string[];
  readonly max: number;
  /** A duration such as `30s`, `1m`, `1h`. */
  readonly window: `${number}${'s' | 'm' | 'h'}`;
  /** What a separate budget is kept for (default the caller, or the address when signed out). */
  readonly per?: readonly RateKey[];
}

/**
 * A storage quota: the bytes of files a person may keep, counted over the files they uploaded
 * that are still held (`per: 'owner'`, default), or over every file uploaded by anyone of the
 * quota's roles together (`per: 'role'`). Checked when an upload would pass it.
 * @example customerFiles: { roles: ['customer'], bytes: constant('CUSTOMER_STORAGE_BYTES') }
 */
export interface StorageQuotaInput {
  readonly description?: string;
  /** A number of bytes or a constant. */
  readonly bytes: number | Expr<never>;
  /** Roles it applies to (default all). */
  readonly roles?: readonly string[];
  readonly per?: 'owner' | 'role';
  /** Only files of this entity count (default every entity's). */
  readonly entity?: string;
  /** The error code when an upload would pass the quota (default LIMIT_EXCEEDED); gets `{max}`. */
  readonly error?: string;
}

/** A kind of key a rate limit keeps a separate count for. */
export type RateKey = 'user' | 'address' | 'email';

/**
 * How the server keys each rate scope it enforces, and whether one event counts against every
 * kind of key (`all`: a failed sign-in against its email and its address) or the first that
 * applies (`one`: the signed-in user, else the address). The one home for it: the server counts
 * by this table and the checker refuses a `per` that says anything else, or a scope not in it.
 * @example RATE_KEYING.login.per // ['email', 'address']
 */
export const RATE_KEYING = {
  login: { per: ['email', 'address'], perEvent: 'all' },
  signup: { per: ['address'], perEvent: 'all' },
  write: { per: ['user', 'address'], perEvent: 'one' },
  action: { per: ['user', 'address'], perEvent: 'one' },
  // Mail a request makes the server send (a reset, a new verification link, an invitation),
  // counted per recipient so nobody's inbox can be flooded.
  mail: { per: ['email'], perEvent: 'all' },
  // Every other write of an account flow: a link followed, a password changed, a key made.
  account: { per: ['user', 'address'], perEvent: 'one' },
} as const satisfies Record<Exclude<RateScope, 'read'>, { per: readonly RateKey[]; perEvent: 'all' | 'one' }>;

export interface LimitsInput {
  readonly pageSize?: { readonly default: number; readonly max: number };
  /** The largest request body, in bytes. */
  readonly bodyBytes?: number;
  readonly quotas?: { readonly [name: string]: QuotaInput };
  readonly rates?: { readonly [name: string]: RateInput };
  /** Storage quotas, by name. */
  readonly storage?: { readonly [name: string]: StorageQuotaInput };
}

export interface LimitsNode {
  readonly pageSize: { readonly default: number; readonly max: number };
  readonly bodyBytes: number;
  readonly quotas: { readonly [name: string]: QuotaInput };
  readonly rates: { readonly [name: string]: RateInput & { readonly windowSeconds: number } };
  readonly storage: { readonly [name: string]: StorageQuotaInput };
}

/** Seconds in a window such as `1m`. */
export function windowSeconds(window: string): number {
  const m = /^(\d+(?:\.\d+)?)([smh])$/.exec(window);
  if (!m) return Number.NaN;
  return Number(m[1]) * { s: 1, m: 60, h: 3600 }[m[2] as 's' | 'm' | 'h'];
}

export const DEFAULT_LIMITS = { pageSize: { default: 25, max: 100 }, bodyBytes: 1_048_576 } as const;
