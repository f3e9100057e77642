/**
 * Opens the database a URL names: `postgres://…` for PostgreSQL, a file path or
 * `sqlite:<path>` for SQLite.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './database';
import { openPostgres } from './postgres/postgres-database';
import { openSqlite } from './sqlite/sqlite-database';

/**
 * @example const db = openDatabase(process.env.DATABASE_URL ?? 'sqlite:.data/app.db');
 */
export function openDatabase(url: string): Database {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  return openSqlite(file);
}
