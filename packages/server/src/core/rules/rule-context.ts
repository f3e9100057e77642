/**
 * Who is asking and when: the context every rule is evaluated or compiled in.
 */
import type { App, ExprOf } from '@ninefold/spec';
import { ANONYMOUS } from '@ninefold/spec';

export interface Caller {
  readonly id: string;
  /** The role rules are judged by: the account's, an API key's narrower one, or `verifyEmail.actAs`'s. */
  readonly role: string;
  readonly email: string;
  /**
   * The account's role verifies email (`verifyEmail: true`) and this address is not confirmed
   * yet: every write answers EMAIL_NOT_VERIFIED.
   */
  readonly unverified?: boolean;
  /** The id of the API key the request came with; absent for a session. */
  readonly apiKey?: string;
}

export interface RuleContext {
  readonly app: App;
  readonly caller: Caller | null;
  readonly now: Date;
  /** Transition or action input, for `input(name)`. */
  readonly input?: Readonly<Record<string, unknown>>;
  /** The fields a write changes, for `changed(field)`. */
  readonly changed?: ReadonlySet<string>;
  /**
   * The write a rule is judged for: aggregates over its entity count the children as if it
   * were applied (its stored row left out, the record as written counted in).
   */
  readonly write?: PendingWrite;
  /** Computes an aggregate of related records; without it a rule reading one is refused. */
  readonly aggregates?: AggregateLoader;
}

/** A write not applied yet, as the rules judging it see it. */
export interface PendingWrite {
  readonly entity: string;
  readonly id: string;
  /** The record as the write leaves it; null for a delete. */
  readonly record: Readonly<Record<string, unknown>> | null;
}

/**
 * The value of an aggregate over the children of one parent, in `ctx` (its caller, clock
 * and pending write).
 */
export type AggregateLoader = (
  node: ExprOf<'aggregate'>,
  parentId: string,
  ctx: RuleContext,
) => Promise<unknown>;

/** The role rules are chosen by: the caller's, or `anonymous`. */
export function roleOf(caller: Caller | null): string {
  return caller?.role ?? ANONYMOUS;
}
