/**
 * SQLite through better-sqlite3: WAL with `synchronous=FULL`, so an acknowledged write
 * survives a power cut. Reads use their own connection (WAL snapshots: they never see
 * another request's uncommitted writes); writes go through one writer connection that
 * commits queued transactions in groups, paying one fsync for many writes.
 */
import BetterSqlite3 from 'better-sqlite3';
import {
  type Compilable,
  type CompiledQuery,
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { compiled, type Database, type Executor, type Row } from '../database';
import { GroupCommit } from './group-commit';
import { sqliteDialect } from './sqlite-dialect';

type Statement = BetterSqlite3.Statement<unknown[], Row>;

function sqliteBuilder(): Kysely<any> {
  return new Kysely<any>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}

/**
 * Reads go through memory-mapped I/O up to this size (SQLite's largest, 2 GiB): a page is
 * then read where the operating system caches it, with no system call and no copy into
 * SQLite's own page cache. A get by id on a 1,000,000-ticket file answered 0.59x of the
 * bare ceiling without it and 0.67x with it (bench/RESULTS.md). It reserves address space,
 * not memory: the kernel keeps and evicts the pages as it does any file's. Writes still go
 * through the journal as before, so durability is unchanged; the price, as SQLite's
 * documentation says, is that an I/O error on a read stops the process instead of failing
 * one query.
 */
const MMAP_BYTES = 2_147_418_112;

function openConnection(file: string, readonly: boolean): BetterSqlite3.Database {
  const conn = new BetterSqlite3(file, { readonly });
  conn.pragma('busy_timeout = 5000');
  conn.pragma(`mmap_size = ${MMAP_BYTES}`);
  if (!readonly) {
    conn.pragma('journal_mode = WAL');
    conn.pragma('synchronous = FULL');
    conn.pragma('foreign_keys = ON');
    // Group commit gives each job a savepoint; with file temp storage every savepoint's
    // sub-journal spills to a temp file (3-7x the page writes per commit, measured). In memory it
    // holds only the pages one group changes, and a crash needs none of it.
    conn.pragma('temp_store = MEMORY');
  }
  return conn;
}

// SQLite binds no booleans; every other value passes as is.
function bindable(params: readonly unknown[]): unknown[] {
  return params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
}

class StatementCache {
  readonly #cache = new Map<string, Statement>();
  constructor(readonly conn: BetterSqlite3.Database) {}
  get(sql: string): Statement {
    let stmt = this.#cache.get(sql);
    if (!stmt) {
      stmt = this.conn.prepare(sql) as Statement;
      if (this.#cache.size > 2000) this.#cache.clear();
      this.#cache.set(sql, stmt);
    }
    return stmt;
  }
  all(q: CompiledQuery): Row[] {
    const stmt = this.get(q.sql);
    if (stmt.reader) return stmt.all(...bindable(q.parameters));
    stmt.run(...bindable(q.parameters));
    return [];
  }
  run(q: CompiledQuery): number {
    const stmt = this.get(q.sql);
    if (stmt.reader) return stmt.all(...bindable(q.parameters)).length;
    return stmt.run(...bindable(q.parameters)).changes;
  }
}

/**
 * Opens (creating if needed) an SQLite database file.
 * @example const db = openSqlite('data/app.db');
 */
export function openSqlite(file: string): Database {
  const writer = new StatementCache(openConnection(file, false));
  // An in-memory database is private to its connection: read through the writer then.
  const reader = file === ':memory:' ? writer : new StatementCache(openConnection(file, true));
  const qb = sqliteBuilder();
  const onWriter: Executor = {
    dialect: sqliteDialect,
    qb,
    all: async <R = Row>(q: Compilable | CompiledQuery) => writer.all(compiled(q)) as R[],
    allNow: <R = Row>(q: CompiledQuery) => writer.all(q) as R[],
    run: async (q) => writer.run(compiled(q)),
  };
  const group = new GroupCommit(writer.conn);
  return {
    dialect: sqliteDialect,
    qb,
    all: async <R = Row>(q: Compilable | CompiledQuery) => reader.all(compiled(q)) as R[],
    allNow: <R = Row>(q: CompiledQuery) => reader.all(q) as R[],
    run: (q) => group.enqueue(() => onWriter.run(q)),
    transaction: (fn) => group.enqueue(() => fn(onWriter)),
    exec: async (sql) => {
      await group.enqueue(async () => {
        writer.conn.exec(sql);
      });
    },
    close: async () => {
      await group.drain();
      writer.conn.close();
      if (reader !== writer) reader.conn.close();
    },
    // All pages in one step, so the copy is one read transaction: one moment's database,
    // taken while the server keeps writing (WAL lets writers go on beside a reader). In small
    // steps, every write by another connection between two steps would restart the copy,
    // and under a steady stream of writes it might never finish.
    backup: async (target) => {
      const conn = new BetterSqlite3(file, { readonly: true });
      try {
        await conn.backup(target, { progress: () => ALL_PAGES });
      } finally {
        conn.close();
      }
      // The copy is one file, not a WAL database: opened to check it, it would otherwise grow
      // a -wal and -shm beside it that outlive the check.
      const copy = new BetterSqlite3(target);
      try {
        copy.pragma('journal_mode = DELETE');
      } finally {
        copy.close();
      }
    },
  };
}

/** The most pages better-sqlite3 copies in one backup step: in effect, all of them. */
const ALL_PAGES = 0x7fffffff;
