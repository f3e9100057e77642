/**
 * `createTestApp(app)`: an app running for a test — a fresh database (SQLite in memory, or
 * a schema of its own on PostgreSQL), optionally seeded, on a loopback port or in-process —
 * with typed clients signed in as a role or a person, and a clock the test moves.
 */
import type { AddressInfo } from 'node:net';
import {
  type Core,
  createNinefold,
  type Database,
  type DialectName,
  defineSeed,
  type InjectOptions,
  type InjectResponse,
  isSeed,
  type Ninefold,
  type NinefoldOptions,
  type Seed,
  type SeedAccountInput,
  type SeedDefinition,
  type SeedOptions,
  setPassword,
} from '@ninefold/server';
import type { App, CreateInput, EntityName, RoleName } from '@ninefold/spec';
import { IN_PROCESS_ORIGIN, inProcessFetch } from './in-process-fetch';
import {
  type ClientContext,
  type ClientOptions,
  type TestClient,
  type TestUser,
  testClient,
} from './test-client';
import { type TestClock, testClock } from './test-clock';
import { type TestDatabaseKind, testDatabase, testDatabaseUrl } from './test-database';

/** The password of every account the kit makes, unless told another. */
export const TEST_PASSWORD = 'test-password-1';

/**
 * Seeds a test app: the app's own seed (`defineSeed(app, …)`, its `seed.ts` default export,
 * what the CLI runs), a seed definition written for the test (what `defineSeed` takes), or
 * any function of the core. A seed of another app is refused by its type.
 * @example
 * await createTestApp(app, { seed: seedHelpdesk });
 * await createTestApp(app, {
 *   seed: {
 *     password: 'pw-for-tests-1',
 *     accounts: [{ key: 'ann', email: 'ann@example.test', name: 'Ann', role: 'member' }],
 *     run: async (ctx) => void (await ctx.as(ctx.accounts.ann).create('tasks', { title: 'Seeded' })),
 *   },
 * });
 */
export type TestSeed<A extends App = App, Accounts extends readonly SeedAccountInput<A>[] = []> =
  | Seed<A>
  | SeedDefinition<A, Accounts>
  | (((core: Core, options?: SeedOptions) => unknown) & { readonly app?: never });

/**
 * How `createTestApp` runs the app.
 * @example { database: 'postgres', clock: '2030-01-01T00:00:00Z', seed: seedHelpdesk, listen: false }
 */
export interface TestAppOptions<A extends App = App, Accounts extends readonly SeedAccountInput<A>[] = []> {
  /** Default: `postgres` when `TEST_DATABASE_URL` is set, else `sqlite` (in memory). */
  readonly database?: TestDatabaseKind;
  /** The PostgreSQL database to make schemas in; default `TEST_DATABASE_URL`. */
  readonly postgresUrl?: string;
  /**
   * Fills the database before the app serves; `signIn` then defaults to the seed's password.
   */
  readonly seed?: TestSeed<A, Accounts>;
  /** Serve on a loopback port (the default; realtime needs it), or only in-process (`false`). */
  readonly listen?: boolean;
  /** Pins `t.clock` at a moment from the start, or shares a clock of the test's own. */
  readonly clock?: TestClock | Date | string | number;
  /** The server's options besides the database and the clock; logs are off unless given. */
  readonly server?: Omit<Partial<NinefoldOptions>, 'database' | 'now'>;
}

/**
 * What `createUser` and `clientAs` may say about the account.
 * @example await t.clientAs('agent', { name: 'Priya', fields: { team: support.id } });
 */
export interface TestUserOptions<A extends App> {
  readonly email?: string;
  readonly name?: string;
  /** Default `TEST_PASSWORD`. */
  readonly password?: string;
  /** The app's own fields of `users`. */
  readonly fields?: Partial<CreateInput<A, 'users' & EntityName<A>>>;
}

/**
 * A running test app, typed by the app.
 * @example let t: TestApp<typeof app>; beforeAll(async () => { t = await createTestApp(app); });
 */
export interface TestApp<A extends App> extends AsyncDisposable {
  readonly app: A;
  /** The running server: its core, database and Fastify instance. */
  readonly nf: Ninefold;
  readonly core: Core;
  readonly db: Database;
  readonly dialect: DialectName;
  /** The database's URL (`:memory:` for SQLite in memory). */
  readonly databaseUrl: string;
  /** `http://127.0.0.1:<port>`; in-process, a placeholder only the kit's clients reach. */
  readonly url: string;
  /** The server's clock. */
  readonly clock: TestClock;
  /**
   * Sends one request in-process (no network), for status codes and headers.
   * @example const res = await t.inject({ method: 'GET', url: '/api/health' }); res.statusCode // 200
   */
  inject(options: InjectOptions | string): Promise<InjectResponse>;
  /**
   * An anonymous client (or one of a session it is given).
   * @example const visitor = t.client(); await visitor.list('articles');
   */
  client(options?: ClientOptions): TestClient<A>;
  /**
   * Makes an account of a role, as the system would (no sign-up rule applies).
   * @example const bob = await t.createUser('customer', { name: 'Bob' });
   */
  createUser(role: RoleName<A>, options?: TestUserOptions<A>): Promise<TestUser<A>>;
  /**
   * Makes an account of a role and signs in as it.
   * @example const agent = await t.clientAs('agent'); await agent.list('tickets');
   */
  clientAs(role: RoleName<A>, options?: TestUserOptions<A>): Promise<TestClient<A>>;
  /**
   * Signs in as a person (a seeded account, say); default password the seed's, or `TEST_PASSWORD`.
   * @example const alice = await t.signIn('alice@helpdesk.test', DEMO_PASSWORD);
   */
  signIn(email: string, password?: string, options?: ClientOptions): Promise<TestClient<A>>;
  /** Closes every client, the server and the database, and drops the database. */
  close(): Promise<void>;
}

let accounts = 0;

function clockFrom(option: TestAppOptions['clock']): TestClock {
  if (option === undefined) return testClock();
  if (typeof option === 'object' && 'advance' in option) return option;
  return testClock(option);
}

/**
 * Starts an app for a test. Close it when done (`await using` does it for you).
 * @example
 * import { createTestApp } from '@ninefold/testing';
 * import app from '../app';
 *
 * it('lets a customer file a ticket', async () => {
 *   await using t = await createTestApp(app);
 *   const alice = await t.clientAs('customer');
 *   const ticket = await alice.create('tickets', { subject: 'Printer jam', description: 'Tray 2.' });
 *   expect(ticket.status).toBe('new');
 * });
 */
export async function createTestApp<
  A extends App,
  const Accounts extends readonly SeedAccountInput<A>[] = [],
>(app: A, options: TestAppOptions<A, Accounts> = {}): Promise<TestApp<A>> {
  const kind = options.database ?? (options.postgresUrl || testDatabaseUrl() ? 'postgres' : 'sqlite');
  const database = await testDatabase(kind, options.postgresUrl ? { postgresUrl: options.postgresUrl } : {});
  const clock = clockFrom(options.clock);
  const seed = typeof options.seed === 'object' ? defineSeed(app, options.seed) : options.seed;
  const seedPassword =
    typeof options.seed === 'object' ? options.seed.password : isSeed(seed) && seed.password;
  const defaultPassword = seedPassword || TEST_PASSWORD;
  let started: Ninefold | undefined;
  try {
    started = await createNinefold(app, {
      logger: false,
      ...options.server,
      database: database.url,
      now: clock.now,
    });
    if (seed) await seed(started.core);
  } catch (e) {
    await started?.close();
    await database.drop();
    throw e;
  }
  const nf = started;
  const listen = options.listen ?? true;
  let url = IN_PROCESS_ORIGIN;
  if (listen) {
    await nf.server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(nf.server.server.address() as AddressInfo).port}`;
  }
  const context: ClientContext = {
    url,
    fetch: listen ? globalThis.fetch.bind(globalThis) : inProcessFetch(nf.server),
    realtime: listen,
    opened: new Set(),
  };
  const createUser: TestApp<A>['createUser'] = async (role, o = {}) => {
    accounts += 1;
    const email = o.email ?? `${role}-${accounts}-${Date.now().toString(36)}@test.example`;
    const name = o.name ?? `${role.charAt(0).toUpperCase()}${role.slice(1)} ${accounts}`;
    const password = o.password ?? TEST_PASSWORD;
    const user = await nf.core.create(null, 'users', { ...o.fields, email, name, role }, true);
    await setPassword(nf.db, String(user.id), password, clock.now());
    return { id: String(user.id), email, name, role, password };
  };
  const signIn: TestApp<A>['signIn'] = async (email, password = defaultPassword, o = {}) => {
    const c = testClient<A>(context, o, null);
    const { user } = await c.auth.signIn({ email, password });
    const u = user as unknown as { id: string; name: string; role: RoleName<A> };
    return Object.assign(c, { user: { id: u.id, email, name: u.name, role: u.role, password } });
  };
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      for (const c of context.opened) c.close();
      try {
        await nf.close();
      } finally {
        await database.drop();
      }
    })();
    return closed;
  };
  return {
    app,
    nf,
    core: nf.core,
    db: nf.db,
    dialect: database.dialect,
    databaseUrl: database.url,
    url,
    clock,
    inject: (o) => nf.server.inject(o),
    client: (o = {}) => testClient<A>(context, o, null),
    createUser,
    clientAs: async (role, o = {}) => {
      const user = await createUser(role, o);
      return signIn(user.email, user.password);
    },
    signIn,
    close,
    [Symbol.asyncDispose]: close,
  };
}
