/**
 * PostgreSQL's side of the dialect seam. Several server processes may share one database and
 * its transactions run side by side, so a write that must not race another locks a row
 * (`FOR UPDATE`) or a key (a transaction-scoped advisory lock); changes travel between
 * processes through an outbox (postgres-bus.ts) and rate limits count in a shared table.
 */
import { sql } from 'kysely';
import { localBus } from '../../core/changes/change-bus';
import { memoryCounter } from '../../core/limits/rate-counter';
import type { ConstraintKind, Dialect } from '../dialect';
import { postgresBus } from './postgres-bus';
import { postgresSchema } from './postgres-schema';
import { postgresSearch } from './postgres-search';
import { sharedCounter } from './shared-rate-counter';
import { writeOnlyBus } from './write-only-bus';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

// SQLSTATE class 23, integrity constraint violation.
/** SQLSTATEs of a transaction the server aborted to let another go on: deadlock, serialization. */
const RETRYABLE = new Set(['40P01', '40001']);

const CONSTRAINTS: Readonly<Record<string, ConstraintKind>> = {
  '23505': 'unique',
  '23514': 'check',
  '23502': 'not_null',
};

/**
 * @example openPostgres(url).dialect === postgresDialect
 */
export const postgresDialect: Dialect = {
  name: 'postgres',
  // The pool's type parsers answer timestamps as text and int8 as numbers; a row from any
  // other client (a Date, a numeric string) is still coerced.
  looseValues: true,
  forUpdate: sql` for update`,
  skipLocked: sql` for update skip locked`,
  // Not ILIKE: it folds É to é, which SQLite's side and the evaluator do not. Positions, not
  // patterns: nothing in the value needs escaping.
  contains: (column, value) =>
    sql`strpos(translate(${column}, ${UPPER}, ${LOWER}), translate(${value}, ${UPPER}, ${LOWER})) > 0`,
  lockRow: async (exec, table, id) => {
    await exec.all(sql`select 1 from ${sql.table(table)} where id = ${id} for update`.compile(exec.qb));
  },
  lockKey: async (exec, key) => {
    await exec.all(sql`select pg_advisory_xact_lock(${key})`.compile(exec.qb));
  },
  retryable: (error) => RETRYABLE.has(String((error as { code?: unknown } | null)?.code)),
  classify: (error) => {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' && Object.hasOwn(CONSTRAINTS, code) ? CONSTRAINTS[code] : undefined;
  },
  // Every process meets the others through the database it was opened on (`sharedUrl`); a
  // handle without one stays on its own, as a single process would.
  changeBus: async (db) => (db.sharedUrl ? postgresBus(db.sharedUrl) : localBus()),
  quietBus: (db) => (db.sharedUrl ? writeOnlyBus() : localBus()),
  rateCounter: (db, name, rule) => (db.sharedUrl ? sharedCounter(db, name, rule) : memoryCounter(rule)),
  schema: postgresSchema,
  search: postgresSearch,
};
