/**
 * `defineSeed(app, {...})`: an app's demo data, typed against its spec. The default export of
 * `<appDir>/seed.ts`; `ninefold start --demo`, `ninefold dev` and `ninefold seed` run it, and
 * the test kit takes it as its `seed` option.
 */
import type { App, RoleName } from '@ninefold/spec';
import { passwordProblem } from '../core/accounts/passwords';
import type { Core } from '../core/ninefold-core';
import { type SeedAccount, type SeedContext, type SeedUser, seedContext } from './seed-context';

/** A declared account: a `SeedAccount` with an optional key to find it by in `ctx.accounts`. */
export interface SeedAccountInput<A extends App> extends SeedAccount<A> {
  /** The name of it in `ctx.accounts` (default its email). */
  readonly key?: string;
}

type KeyOf<T> = T extends { readonly key: infer K extends string }
  ? K
  : T extends { readonly email: infer E extends string }
    ? E
    : never;

/** The declared accounts once made, by key (or email). */
export type SeedAccounts<A extends App, Accounts extends readonly SeedAccountInput<A>[]> = {
  readonly [K in KeyOf<Accounts[number]>]: SeedUser<A>;
};

/** What `defineSeed` takes. */
export interface SeedDefinition<A extends App, Accounts extends readonly SeedAccountInput<A>[]> {
  /**
   * The accounts to make first, in order, each with the seed's password: the people of the
   * demo. `ninefold start --demo` prints them, so whoever runs it knows how to sign in.
   */
  readonly accounts?: Accounts;
  /** The password of every account that names none. A demo's, never a production one. */
  readonly password?: string;
  /**
   * When the accounts are made, from the seed's moment (default: that moment). A demo whose
   * history reaches back makes its people before it.
   * @example accountsAt: (now) => now.getTime() - 30 * 86_400_000
   */
  readonly accountsAt?: (now: Date) => Date | number;
  /** Everything else: records made by the system (`ctx.create`) or by the accounts (`ctx.as`). */
  run?(ctx: SeedContext<A> & { readonly accounts: SeedAccounts<A, Accounts> }): Promise<void> | void;
}

/** How a seed may be run. */
export interface SeedOptions {
  /** The seed's moment (default the core's clock). */
  readonly now?: Date;
  /**
   * Seed a database that already has users, as long as none of the declared accounts' emails
   * is taken (`ninefold seed --force`).
   */
  readonly force?: boolean;
}

/**
 * A seed: call it with a core to seed. It answers false, writing nothing, when the database
 * already has users (with `force`: when one of its accounts exists already).
 */
export interface Seed<A extends App = App> {
  (core: Core, options?: SeedOptions): Promise<boolean>;
  readonly app: A;
  /** The declared accounts, without their passwords. */
  readonly accounts: readonly {
    readonly key: string;
    readonly email: string;
    readonly name: string;
    readonly role: RoleName<A> & string;
  }[];
  /** The password of the declared accounts that name none of their own. */
  readonly password: string | undefined;
  readonly [SEED]: true;
}

const SEED: unique symbol = Symbol.for('ninefold.seed');

/**
 * Defines an app's demo data. Every write goes through the core, so the seed's records pass
 * the same validation, defaults, state machines and audit log as any other.
 * @example
 * import { defineSeed } from '@ninefold/server';
 * import app from './app';
 *
 * export default defineSeed(app, {
 *   password: 'demo-password-1',
 *   accounts: [
 *     { key: 'admin', email: 'admin@example.test', name: 'Ada Admin', role: 'admin' },
 *     { key: 'bob', email: 'bob@example.test', name: 'Bob', role: 'member' },
 *   ],
 *   async run(ctx) {
 *     const { bob } = ctx.accounts;
 *     const project = await ctx.as(bob).create('projects', { name: 'Launch' });
 *     await ctx.at(Date.now() - 86_400_000).create('notes', { project: project.id, text: 'Kick-off' });
 *   },
 * });
 */
export function defineSeed<const A extends App, const Accounts extends readonly SeedAccountInput<A>[] = []>(
  app: A,
  definition: SeedDefinition<A, Accounts>,
): Seed<A> {
  const declared = definition.accounts ?? [];
  const emails = declared.map((a) => a.email.trim().toLowerCase());
  if (new Set(emails).size !== emails.length) throw new Error('defineSeed: two accounts share an email');
  const keys = declared.map((a) => a.key ?? a.email);
  if (new Set(keys).size !== keys.length) throw new Error('defineSeed: two accounts share a key');
  // Checked before the seed writes anything: a refused password half-way would leave users
  // behind, and a database with users is never seeded again.
  for (const account of declared) {
    const secret = account.password ?? definition.password;
    const weak =
      secret === undefined ? 'no password (give the seed one, or the account)' : passwordProblem(secret);
    if (weak) throw new Error(`defineSeed: ${account.email}: ${weak}`);
  }
  const seed = async (core: Core, options: SeedOptions = {}): Promise<boolean> => {
    const query = core.db.qb.selectFrom('users').select('id').limit(1);
    // With force and no accounts nothing can be taken (and `in ()` is no valid SQL).
    if (!options.force || emails.length > 0) {
      const taken = await core.db.all(options.force ? query.where('email', 'in', emails) : query);
      if (taken.length > 0) return false;
    }
    const now = options.now ?? core.now();
    const ctx = seedContext(app, core, now, definition.password);
    const made = ctx.at(definition.accountsAt?.(now) ?? now);
    const accounts: Record<string, SeedUser<A>> = {};
    for (const account of declared) accounts[account.key ?? account.email] = await made.createUser(account);
    await definition.run?.({ ...ctx, accounts: accounts as SeedAccounts<A, Accounts> });
    return true;
  };
  return Object.assign(seed, {
    app,
    accounts: declared.map((a, i) => ({
      key: a.key ?? a.email,
      email: emails[i]!,
      name: a.name,
      role: a.role,
    })),
    password: definition.password,
    [SEED]: true as const,
  });
}

/**
 * Whether a value is a seed made by `defineSeed` (of any copy of this package).
 * @example isSeed((await import('./seed')).default) // true
 */
export function isSeed(value: unknown): value is Seed {
  return typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[SEED] === true;
}
