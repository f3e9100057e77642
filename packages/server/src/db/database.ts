/**
 * The dialect seam: one small interface over SQLite and PostgreSQL. Queries are built with
 * Kysely and executed here, so both dialects share every query and the hot paths reuse
 * prepared statements.
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';
export type Row = Record<string, unknown>;

/** Something that runs compiled queries: the database itself or one transaction. */
export interface Executor {
  readonly dialect: DialectName;
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
}

/** Turns a Kysely builder or compiled query into a compiled query. */
export function compiled(query: Compilable | CompiledQuery): CompiledQuery {
  return 'compile' in query ? query.compile() : query;
}

const TEXTS = new WeakMap<Kysely<any>, Map<string, string>>();

/**
 * A query whose SQL text depends only on `key` and the dialect: built and compiled once per
 * query builder, then bound to `parameters` on each call. For the lookups every request runs
 * (its session, a record by id), where compiling each time was measurable.
 * @example reusableQuery(qb, 'session', () => sql`select … where id = ${d}`.compile(qb), [d])
 */
export function reusableQuery(
  qb: Kysely<any>,
  key: string,
  build: () => CompiledQuery,
  parameters: readonly unknown[],
): CompiledQuery {
  let texts = TEXTS.get(qb);
  if (!texts) {
    texts = new Map();
    TEXTS.set(qb, texts);
  }
  let text = texts.get(key);
  if (text === undefined) {
    const first = build();
    text = first.sql;
    texts.set(key, text);
    return first;
  }
  return CompiledQuery.raw(text, [...parameters]);
}
