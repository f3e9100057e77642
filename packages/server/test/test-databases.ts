/**
 * Databases for tests, once per dialect: a temporary SQLite file, and — when
 * TEST_DATABASE_URL is set — a fresh PostgreSQL schema, so test files run in parallel
 * without sharing tables. Without TEST_DATABASE_URL the PostgreSQL runs are skipped with a
 * printed notice; in CI, where it must be set, the suite fails instead.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DialectName } from '../src/db/database';

export const PG_URL = process.env.TEST_DATABASE_URL;

/** The dialects to run database tests on here. */
export const DIALECTS: readonly DialectName[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

// In CI a missing URL is a broken setup, not a choice: PostgreSQL's half of the suite would
// pass by being skipped.
if (!PG_URL && process.env.CI) {
  throw new Error('TEST_DATABASE_URL must be set in CI (see .ci/run).');
}

let noticed = false;
if (!PG_URL && !noticed) {
  noticed = true;
  console.warn(
    '[ninefold tests] TEST_DATABASE_URL is not set: PostgreSQL runs are skipped; only SQLite runs.',
  );
}

export interface TestDatabase {
  readonly dialect: DialectName;
  readonly url: string;
  /** Removes the database (the schema, or the file). */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database of the dialect.
 * @example const tdb = await freshDatabase('postgres'); … await tdb.drop();
 */
export async function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'nf-test-'));
    return {
      dialect,
      url: join(dir, 'test.db'),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!PG_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dialect,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}
