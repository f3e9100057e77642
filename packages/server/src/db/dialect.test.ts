/**
 * The two sides of the dialect seam, side by side: each tells its own driver's constraint
 * errors apart and no other failure, and each spells the SQL fragments the core asks for.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ConstraintKind, Dialect } from './dialect';
import { openDatabase } from './open-database';
import { postgresDialect } from './postgres/postgres-dialect';
import { sqliteDialect } from './sqlite/sqlite-dialect';

const CASES: readonly [Dialect, string | undefined, ConstraintKind | undefined][] = [
  [sqliteDialect, 'SQLITE_CONSTRAINT_UNIQUE', 'unique'],
  [sqliteDialect, 'SQLITE_CONSTRAINT_PRIMARYKEY', 'unique'],
  [sqliteDialect, 'SQLITE_CONSTRAINT_CHECK', 'check'],
  [sqliteDialect, 'SQLITE_CONSTRAINT_NOTNULL', 'not_null'],
  [sqliteDialect, 'SQLITE_CONSTRAINT_FOREIGNKEY', undefined],
  [sqliteDialect, 'SQLITE_BUSY', undefined],
  [sqliteDialect, '23505', undefined],
  [postgresDialect, '23505', 'unique'],
  [postgresDialect, '23514', 'check'],
  [postgresDialect, '23502', 'not_null'],
  [postgresDialect, '23503', undefined],
  [postgresDialect, '40001', undefined],
  [postgresDialect, 'SQLITE_CONSTRAINT_UNIQUE', undefined],
  [postgresDialect, 'toString', undefined],
  [sqliteDialect, undefined, undefined],
];

describe('Dialect', () => {
  it.each(CASES)('%# classifies a %s error with code %s', (dialect, code, kind) => {
    expect(dialect.classify(Object.assign(new Error('failed'), { code }))).toBe(kind);
  });

  it.each([sqliteDialect, postgresDialect])('classifies what is not an error as nothing', (dialect) => {
    expect(dialect.classify(null)).toBeUndefined();
    expect(dialect.classify('SQLITE_CONSTRAINT_UNIQUE')).toBeUndefined();
  });

  it('locks rows where transactions run side by side, and only there', () => {
    const db = openDatabase(':memory:');
    const text = (d: Dialect) => sql`select 1${d.forUpdate}`.compile(db.qb).sql;
    expect(text(sqliteDialect)).toBe('select 1');
    expect(text(postgresDialect)).toBe('select 1 for update');
    return db.close();
  });

  it('is what each database hands its executors', async () => {
    const db = openDatabase(':memory:');
    expect(db.dialect).toBe(sqliteDialect);
    await db.transaction(async (tx) => expect(tx.dialect).toBe(sqliteDialect));
    await db.close();
  });

  it('answers contains with the same folding on SQLite as the evaluator', async () => {
    const db = openDatabase(':memory:');
    const holds = async (text: string, value: string) => {
      const rows = await db.all<{ ok: number }>(
        sql`select ${db.dialect.contains(sql`${text}`, value)} as ok`.compile(db.qb),
      );
      return rows[0]?.ok === 1;
    };
    expect(await holds('Printer ON fire', 'on f')).toBe(true);
    expect(await holds('Été', 'été')).toBe(false);
    expect(await holds('50%_off', '%_')).toBe(true);
    await db.close();
  });
});
