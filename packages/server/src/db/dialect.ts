/**
 * What differs between SQLite and PostgreSQL, behind one interface (after Kysely's
 * `DialectAdapter`): each database hands its `Dialect` to whoever runs queries on it, and the
 * core asks it — never a dialect's name — for a row lock, a substring test, the meaning of a
 * driver error, the change bus or a rate counter. The two implementations live side by side
 * in `sqlite/` and `postgres/`; nothing outside `db/` knows which one it holds.
 */
import type { RawBuilder, SqlBool } from 'kysely';
import type { ChangeBus } from '../core/changes/change-bus';
import type { RateCounter } from '../core/limits/rate-counter';
import type { ThrottleRule } from '../core/limits/sliding-window';
import type { Database, Executor } from './database';
import type { SchemaDialect } from './schema/schema-dialect';
import type { SearchDialect } from './schema/search-index';

export type DialectName = 'sqlite' | 'postgres';

/** The constraint a failed write broke, as the core tells it apart. */
export type ConstraintKind = 'unique' | 'check' | 'not_null';

export interface Dialect {
  /** For the database layer and tests: the core asks the members below, never this. */
  readonly name: DialectName;

  /**
   * Whether the driver may answer a record's values in another form than the record holds
   * (a bigint as text, a timestamp as a `Date`), so the row codec must coerce them. False
   * lets the hot read path skip that work.
   */
  readonly looseValues: boolean;
  /**
   * Appended to a `select` inside a write: locks the rows read until the commit where
   * transactions run side by side, nothing where one writer already runs them in turn.
   * @example sql`select * from tickets where id = ${id}${dialect.forUpdate}`
   */
  readonly forUpdate: RawBuilder<unknown>;
  /**
   * Appended to a `select` that takes rows to work on (a queue's due jobs): locks them and
   * passes over rows another transaction holds, so processes side by side take different
   * rows; nothing where one writer already takes them in turn.
   * @example sql`select id from nf_jobs where status = 'queued' limit 4${dialect.skipLocked}`
   */
  readonly skipLocked: RawBuilder<unknown>;
  /**
   * `column` holds `value` as a substring, ASCII letters folded and nothing else (the one
   * meaning of `contains`, sql-semantics.ts): the same answer on every dialect.
   * @example qb.selectFrom('tickets').where(dialect.contains(sql.ref('subject'), 'print'))
   */
  contains(column: RawBuilder<unknown>, value: unknown): RawBuilder<SqlBool>;

  /**
   * Locks one row until the transaction commits, so a count taken after it cannot race
   * another transaction's (a quota's owner).
   * @example await exec.dialect.lockRow(exec, 'users', ownerId);
   */
  lockRow(exec: Executor, table: string, id: string): Promise<void>;
  /**
   * Takes a lock named by a number until the transaction commits: transactions that take the
   * same key run one after the other (schema changes, the last admin).
   * @example await exec.dialect.lockKey(exec, 7_236_017);
   */
  lockKey(exec: Executor, key: number): Promise<void>;
  /**
   * The constraint a driver error reports, or `undefined` for any other failure.
   * @example dialect.classify(e) === 'unique' // a taken email
   */
  classify(error: unknown): ConstraintKind | undefined;
  /**
   * Whether a failed transaction may simply be run again: the database broke a deadlock or a
   * serialization conflict by aborting it, and nothing of it was written.
   * @example if (dialect.retryable(e) && attempt < 3) continue;
   */
  retryable(error: unknown): boolean;

  /**
   * The change bus of a server on `db`: this process's own where it owns the database, one
   * that meets the other processes through the database where several may share it.
   * @example const bus = await db.dialect.changeBus(db);
   */
  changeBus(db: Database): Promise<ChangeBus>;
  /**
   * The bus of a core that writes but serves no subscribers (a CLI command, a seed).
   * @example createCore(app, db, { bus: db.dialect.quietBus(db) })
   */
  quietBus(db: Database): ChangeBus;
  /**
   * A rate limit's counter: in this process's memory, or in the database where every
   * process must count against the same window.
   * @example const c = db.dialect.rateCounter(db, 'failedSignIns', { max: 10, windowSeconds: 60 });
   */
  rateCounter(db: Database, name: string, rule: ThrottleRule): RateCounter;

  /** Column types, constraints and introspection for schema sync. */
  readonly schema: SchemaDialect;
  /** Full-text search: its index, matching and ranking (search-index.ts). */
  readonly search: SearchDialect;
}
