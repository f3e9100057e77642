/**
 * What a seed's `run` is given: typed writes as the system or as a person, at the moment the
 * seed chooses, over the app's core.
 */
import type {
  ActionInputOf,
  ActionName,
  ActionOutputOf,
  App,
  CreateInput,
  EntityName,
  RecordOf,
  RoleName,
  TransitionInput,
  TransitionName,
  UpdateInput,
} from '@ninefold/spec';
import { createAccount } from '../core/accounts/create-account';
import { type Core, createCore } from '../core/ninefold-core';
import type { Caller } from '../core/rules/rule-context';

/** A user the seed made (or any caller): who a write is made as. */
export interface SeedUser<A extends App> extends Caller {
  readonly role: RoleName<A> & string;
  readonly name: string;
}

/** An account for `createUser` (and the `accounts` of `defineSeed`). */
export interface SeedAccount<A extends App> {
  readonly email: string;
  readonly name: string;
  readonly role: RoleName<A> & string;
  /** Its password; default the seed's `password`. */
  readonly password?: string;
  /** The app's own fields of `users`. */
  readonly fields?: Partial<CreateInput<A, 'users' & EntityName<A>>>;
  /** Whether its address counts as confirmed (default true: the seed vouches for its people). */
  readonly emailVerified?: boolean;
}

/** Writes made as one person, under the app's rules, as if they had made them in the UI. */
export interface SeedActor<A extends App> {
  create<E extends EntityName<A>>(entity: E, data: CreateInput<A, E>): Promise<RecordOf<A, E>>;
  update<E extends EntityName<A>>(entity: E, id: string, patch: UpdateInput<A, E>): Promise<RecordOf<A, E>>;
  transition<E extends EntityName<A>, T extends TransitionName<A, E>>(
    entity: E,
    id: string,
    name: T,
    input?: TransitionInput<A, E, T>,
  ): Promise<RecordOf<A, E>>;
  action<N extends ActionName<A>>(name: N, input: ActionInputOf<A, N>): Promise<ActionOutputOf<A, N>>;
  remove<E extends EntityName<A>>(entity: E, id: string): Promise<void>;
}

/** What a seed's `run` gets. */
export interface SeedContext<A extends App> {
  readonly app: A;
  /** The core whose clock this context writes at; for anything the helpers below do not cover. */
  readonly core: Core;
  /** The moment writes are made at: the seed's, or the one given to `at`. */
  readonly now: Date;
  /**
   * The same context, writing at another moment (createdAt, the audit log and `now()` in rules
   * follow it), so demo data can tell a history.
   * @example const lastWeek = ctx.at(ctx.now.getTime() - 7 * 86_400_000);
   */
  at(when: Date | number): SeedContext<A>;
  /**
   * A record made by the system: no caller, no access rule (validation still applies).
   * @example await ctx.create('tags', { name: 'urgent' });
   */
  create<E extends EntityName<A>>(entity: E, data: CreateInput<A, E>): Promise<RecordOf<A, E>>;
  /**
   * An account made by the system, with its password, who can sign in at once.
   * @example const bob = await ctx.createUser({ email: 'bob@example.test', name: 'Bob', role: 'member' });
   */
  createUser(account: SeedAccount<A>): Promise<SeedUser<A>>;
  /**
   * Writes as a person, under the app's rules.
   * @example await ctx.as(bob).create('notes', { text: 'Hello' }); // owner fields default to bob
   */
  as(user: Caller): SeedActor<A>;
}

/**
 * A context over `core`, writing at `now`, with `password` for accounts that name none.
 * @example const ctx = seedContext(app, nf.core, new Date(), 'demo-password-1');
 */
export function seedContext<A extends App>(
  app: A,
  core: Core,
  now: Date,
  password: string | undefined,
): SeedContext<A> {
  // A core of its own per moment: the core reads its clock on every write.
  // Its writes are history: notifications of them are kept in the app, none is mailed.
  const at = createCore(core.app, core.db, { now: () => new Date(now), bus: core.bus, email: false });
  type Out<T> = Promise<T>;
  const cast = <T>(p: Promise<unknown>) => p as Out<T>;
  return {
    app,
    core: at,
    now: new Date(now),
    at: (when) => seedContext(app, core, new Date(when), password),
    create: (entity, data) => cast(at.create(null, entity, data, true)),
    async createUser(account) {
      const secret = account.password ?? password;
      if (!secret)
        throw new Error(`${account.email}: no password (give the seed's password or the account's)`);
      // A seed vouches for its people, as an operator does: demo accounts can write at once.
      const { id, email } = await createAccount(at, { emailVerified: true, ...account, password: secret });
      return { id, email, name: account.name, role: account.role };
    },
    as: (user) => ({
      create: (entity, data) => cast(at.create(user, entity, data)),
      update: (entity, id, patch) => cast(at.update(user, entity, id, patch)),
      transition: (entity, id, name, input) => cast(at.transition(user, entity, id, name, input ?? {})),
      action: (name, input) => cast(at.action(user, name, input)),
      remove: async (entity, id) => {
        await at.remove(user, entity, id);
      },
    }),
  };
}
