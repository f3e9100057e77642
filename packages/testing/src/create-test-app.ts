/**
 * `createTestApp(app)`: an app running for a test — a fresh database (SQLite in memory, or
 * a schema of its own on PostgreSQL), optionally seeded, on a loopback port or in-process —
 * with typed clients signed in as a role or a person, and a clock the test moves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createNinefold,
  defineSeed,
  isSeed,
  localStore,
  type Ninefold,
  type SeedAccountInput,
  setPassword,
} from '@ninefold/server';
import type { App, RoleName } from '@ninefold/spec';
import { IN_PROCESS_ORIGIN, inProcessFetch } from './in-process-fetch';
import { TEST_APP_URL, TEST_PASSWORD, type TestApp, type TestAppOptions } from './test-app';
import { type ClientContext, testClient } from './test-client';
import { type TestClock, testClock } from './test-clock';
import { testDatabase, testDatabaseUrl } from './test-database';

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
  const listen = options.listen ?? true;
  // Uploaded files live as long as the test app, in a directory of its own (not the working
  // directory, where a PostgreSQL app would keep them by default).
  const filesDir = options.server?.files ? undefined : mkdtempSync(join(tmpdir(), 'ninefold-test-files-'));
  const dropFiles = () => filesDir && rmSync(filesDir, { recursive: true, force: true });
  let url = IN_PROCESS_ORIGIN;
  let started: Ninefold | undefined;
  try {
    started = await createNinefold(app, {
      logger: false,
      jobs: { manual: true },
      ...(options.mail ? { mail: { smtpUrl: options.mail.url, appUrl: TEST_APP_URL, pollMs: 50 } } : {}),
      ...options.server,
      ...(filesDir ? { files: localStore(filesDir) } : {}),
      database: database.url,
      now: clock.now,
    });
    if (seed) await seed(started.core);
    if (listen) {
      await started.server.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(started.server.server.address() as AddressInfo).port}`;
    }
  } catch (e) {
    try {
      await started?.close();
    } finally {
      dropFiles();
      await database.drop();
    }
    throw e;
  }
  const nf = started;
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
        dropFiles();
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
    runJobs: () => nf.jobs.runDue(),
    close,
    [Symbol.asyncDispose]: close,
  };
}
