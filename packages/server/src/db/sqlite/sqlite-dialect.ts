/**
 * SQLite's side of the dialect seam. One process owns the file and its single writer runs
 * transactions one at a time (group-commit.ts), so row and key locks have nothing to add; the
 * change bus and rate counts stay in this process's memory.
 */
import { sql } from 'kysely';
import { localBus } from '../../core/changes/change-bus';
import { memoryCounter } from '../../core/limits/rate-counter';
import type { ConstraintKind, Dialect } from '../dialect';
import { sqliteSchema } from './sqlite-schema';
import { sqliteSearch } from './sqlite-search';

const NOTHING = sql``;

const CONSTRAINTS: Readonly<Record<string, ConstraintKind>> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
};

/**
 * @example openSqlite(file).dialect === sqliteDialect
 */
export const sqliteDialect: Dialect = {
  name: 'sqlite',
  looseValues: false,
  forUpdate: NOTHING,
  skipLocked: NOTHING,
  contains: (column, value) => sql`instr(lower(${column}), lower(${value})) > 0`,
  lockRow: async () => {},
  lockKey: async () => {},
  // One writer runs every transaction in turn: none is ever aborted to break a deadlock.
  retryable: () => false,
  classify: (error) => {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' && Object.hasOwn(CONSTRAINTS, code) ? CONSTRAINTS[code] : undefined;
  },
  changeBus: async () => localBus(),
  quietBus: () => localBus(),
  rateCounter: (_db, _name, rule) => memoryCounter(rule),
  schema: sqliteSchema,
  search: sqliteSearch,
};
