/**
 * The database seam: one small interface over SQLite and PostgreSQL. Queries are built with
 * Kysely and executed here, so both dialects share every query and the hot paths reuse
 * prepared statements; what differs besides is the executor's `dialect` (dialect.ts).
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Dialect } from './dialect';

export type { Dialect, DialectName } from './dialect';
export type Row = Record<string, unknown>;

/** Something that runs compiled queries: the database itself or one transaction. */
export interface Executor {
  /** What differs on this database: ask it, never its name (dialect.ts). */
  readonly dialect: Dialect;
  /** A Kysely instance for building queries only (it has no connection of its own). */
  readonly qb: Kysely<any>;
  /** Runs a query and returns its rows. */
  all<R = Row>(query: Compilable | CompiledQuery): Promise<R[]>;
  /**
   * The same, answered at once: only where the driver is synchronous (SQLite). Hot reads
   * use it to skip the promise; everything else uses `all`.
   */
  readonly allNow?: <R = Row>(query: CompiledQuery) => R[];
  /** Runs a statement and returns the number of rows it changed. */
  run(query: Compilable | CompiledQuery): Promise<number>;
}

export interface TransactionOptions {
  /** Rows to lock first (PostgreSQL `FOR UPDATE`); SQLite's single writer already serializes. */
  readonly lock?: { readonly table: string; readonly id: string };
}

/** A database: reads outside any transaction, and durable transactions. */
export interface Database extends Executor {
  /**
   * Runs `fn` in one transaction: all of its writes commit, or none. Acknowledge a write
   * only after this resolves: by then it is durable.
   */
  transaction<T>(fn: (tx: Executor) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Runs raw SQL for schema work. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Set where several processes may share this database (PostgreSQL): the URL a process
   * opens its own long-lived connection on, to hear the others' changes. Absent where one
   * process owns the database (SQLite): changes, sessions and rate counts then stay in its
   * memory. Whatever form the database was handed in, this decides the change bus, the
   * session cache and where rate limits count.
   */
  readonly sharedUrl?: string;
  /**
   * Copies the database as of one moment into a new file while it stays in use (SQLite's
   * online backup). Absent where the database has tools of its own for that (PostgreSQL:
   * `pg_dump`).
   */
  readonly backup?: (file: string) => Promise<void>;
}

/** Turns a Kysely builder or compiled query into a compiled query. */
export function compiled(query: Compilable | CompiledQuery): CompiledQuery {
  return 'compile' in query ? query.compile() : query;
}

/** A query compiled once: its text and node, bound to new parameters on each use. */
type Reusable = Pick<CompiledQuery, 'sql' | 'query' | 'queryId'>;
const REUSABLE = new WeakMap<Kysely<any>, Map<string, Reusable>>();

/**
 * A query whose SQL text depends only on `key` and the dialect: built and compiled once per
 * query builder, then bound to `parameters` on each call. For the lookups every request runs
 * (its session, a record by id), where compiling each time was measurable — and so was
 * Kysely's `CompiledQuery.raw`, which makes and freezes four objects per call.
 * @example reusableQuery(qb, 'session', [d], () => sql`select … where id = ${d}`.compile(qb))
 */
export function reusableQuery(
  qb: Kysely<any>,
  key: string,
  parameters: readonly unknown[],
  build: () => CompiledQuery,
): CompiledQuery {
  let known = REUSABLE.get(qb);
  if (!known) {
    known = new Map();
    REUSABLE.set(qb, known);
  }
  const compiled = known.get(key);
  if (compiled === undefined) {
    const first = build();
    known.set(key, { sql: first.sql, query: first.query, queryId: first.queryId });
    return first;
  }
  return { sql: compiled.sql, query: compiled.query, queryId: compiled.queryId, parameters };
}
