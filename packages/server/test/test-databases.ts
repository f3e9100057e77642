/**
 * Databases for this repository's server tests, once per dialect, through the test kit: a
 * temporary SQLite file, and — when TEST_DATABASE_URL is set — a fresh PostgreSQL schema, so
 * test files run in parallel without sharing tables. Without TEST_DATABASE_URL the
 * PostgreSQL runs are skipped with a printed notice; in CI, where it must be set, the suite
 * fails instead.
 */
import { type TestDatabase, testDatabase, testDatabaseUrl, testDialects } from '@ninefold/testing';
import type { DialectName } from '../src/db/database';

export type { TestDatabase } from '@ninefold/testing';

export const PG_URL = testDatabaseUrl();

/** The dialects to run database tests on here. */
export const DIALECTS: readonly DialectName[] = testDialects();

// In CI a missing URL is a broken setup, not a choice: PostgreSQL's half of the suite would
// pass by being skipped.
if (!PG_URL && process.env.CI) {
  throw new Error('TEST_DATABASE_URL must be set in CI (see .ci/run).');
}

if (!PG_URL) {
  console.warn(
    '[ninefold tests] TEST_DATABASE_URL is not set: PostgreSQL runs are skipped; only SQLite runs.',
  );
}

/**
 * A fresh, empty database of the dialect (SQLite in a file: some tests open it twice).
 * @example const tdb = await freshDatabase('postgres'); … await tdb.drop();
 */
export function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  return testDatabase(dialect === 'sqlite' ? 'sqlite-file' : 'postgres');
}
