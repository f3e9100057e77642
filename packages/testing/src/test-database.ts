/**
 * A fresh database for each test app, so test files run in parallel without sharing tables:
 * SQLite in memory (or in a temporary file), or a schema of its own in the PostgreSQL
 * database `TEST_DATABASE_URL` names, dropped when the app closes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DialectName, openDatabase } from '@ninefold/server';

/**
 * Where a test app keeps its data: `sqlite` (in memory), `sqlite-file` (a temporary file,
 * for a test that opens it a second time), or `postgres` (a fresh schema).
 * @example createTestApp(app, { database: 'sqlite-file' })
 */
export type TestDatabaseKind = 'sqlite' | 'sqlite-file' | 'postgres';

/**
 * A database made for a test.
 * @example const db = await testDatabase('sqlite-file'); db.url; await db.drop();
 */
export interface TestDatabase {
  readonly dialect: DialectName;
  /** The URL to open it by (a second server process on it, a direct look at its tables). */
  readonly url: string;
  /** Removes it: the schema, or the file. */
  drop(): Promise<void>;
}

/**
 * The PostgreSQL database tests may use, from `TEST_DATABASE_URL`; undefined when unset.
 * @example if (!testDatabaseUrl()) console.warn('PostgreSQL runs are skipped');
 */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * The dialects to run database tests on here: SQLite always, PostgreSQL too when
 * `TEST_DATABASE_URL` is set.
 * @example
 * describe.each(testDialects())('tickets on %s', (dialect) => {
 *   it('files one', async () => {
 *     await using t = await createTestApp(app, { database: dialect });
 *   });
 * });
 */
export function testDialects(): readonly DialectName[] {
  return testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * A fresh, empty database. `postgres` needs `TEST_DATABASE_URL` (or `postgresUrl`): a
 * database the tests may create schemas in.
 * @example
 * const db = await testDatabase('postgres');
 * // … createNinefold(app, { database: db.url }) …
 * await db.drop();
 */
export async function testDatabase(
  kind: TestDatabaseKind,
  options: { readonly postgresUrl?: string } = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') return { dialect: 'sqlite', url: ':memory:', drop: async () => {} };
  if (kind === 'sqlite-file') {
    const dir = mkdtempSync(join(tmpdir(), 'ninefold-test-'));
    return {
      dialect: 'sqlite',
      url: join(dir, 'test.db'),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = options.postgresUrl ?? testDatabaseUrl();
  if (!base)
    throw new Error('A PostgreSQL test database needs TEST_DATABASE_URL (or the postgresUrl option).');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await onDatabase(base, `create schema ${schema}`);
  const url = new URL(base);
  // Every connection of the app, its change listener's too, sees only this schema.
  // Kept beside any options the base URL already sets (a statement timeout, say).
  const given = url.searchParams.get('options');
  url.searchParams.set('options', `${given ? `${given} ` : ''}-c search_path=${schema}`);
  return {
    dialect: 'postgres',
    url: url.toString(),
    drop: () => onDatabase(base, `drop schema if exists ${schema} cascade`),
  };
}

async function onDatabase(url: string, statement: string): Promise<void> {
  const db = openDatabase(url);
  try {
    await db.exec(statement);
  } finally {
    await db.close();
  }
}
