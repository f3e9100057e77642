/**
 * What a test app is: its options, the accounts it makes, and the running app a test holds.
 */
import type {
  Core,
  Database,
  DialectName,
  InjectOptions,
  InjectResponse,
  Ninefold,
  NinefoldOptions,
  Seed,
  SeedAccountInput,
  SeedDefinition,
  SeedOptions,
} from '@ninefold/server';
import type { App, CreateInput, EntityName, RoleName } from '@ninefold/spec';
import type { ClientOptions, TestClient, TestUser } from './test-client';
import type { TestClock } from './test-clock';
import type { TestDatabaseKind } from './test-database';
import type { TestMailbox } from './test-mailbox';

/**
 * The password of every account the kit makes, unless told another.
 * @example await t.signIn(user.email, TEST_PASSWORD)
 */
export const TEST_PASSWORD = 'test-password-1';

/**
 * Where the links in a test app's mail point, with a mailbox (`createTestApp(app, { mail })`).
 * @example expect(mailbox.linkIn(mail, '/accept-invite')).toMatch(`${TEST_APP_URL}/accept-invite?token=`)
 */
export const TEST_APP_URL = 'http://app.test';

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
  /**
   * Sends the app's mail to this mailbox (links to `http://app.test`, the queue looked at
   * every 50 ms); without it, mail stays in the development outbox (`t.nf.mailer.outbox`).
   * @example await using mailbox = await testMailbox(); await using t = await createTestApp(app, { mail: mailbox });
   */
  readonly mail?: TestMailbox;
  /**
   * The server's options besides the database and the clock; logs are off unless given, and
   * uploaded files go to a temporary directory removed on close unless `files` is given.
   */
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
  /**
   * Runs every job due at the clock's time (timers, triggers and schedules run as jobs,
   * webhook deliveries), and those they queue that are due too; resolves with how many.
   * A test app's jobs run only when asked, so a moved clock fires nothing behind the test's
   * back (unless `server.jobs` says otherwise).
   * @example t.clock.advance({ days: 8 }); await t.runJobs(); expect((await agent.get('tickets', id)).status).toBe('closed');
   */
  runJobs(): Promise<number>;
  /** Closes every client, the server and the database, and drops the database. */
  close(): Promise<void>;
}
