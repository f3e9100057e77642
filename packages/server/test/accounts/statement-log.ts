/**
 * Which SQL statements a piece of work issues: the database's executor wrapped where every
 * query passes (`all`, `allNow`, `run`, and those of each transaction), recording only the
 * statements made inside `during`'s own async context, so background work (timers, other
 * requests) never shows in its log.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Compilable, CompiledQuery } from 'kysely';
import { compiled, type Database, type Executor } from '../../src/db/database';

export interface StatementLog {
  /** Runs `work` and answers the SQL text of every statement it issued, in order. */
  during(work: () => Promise<unknown>): Promise<string[]>;
  /** Puts the database's own methods back. */
  restore(): void;
}

/**
 * @example const log = logStatements(t.db); const sql = await log.during(() => call(t, 'POST', url, body));
 */
export function logStatements(db: Database): StatementLog {
  const current = new AsyncLocalStorage<string[]>();
  const note = (text: string) => current.getStore()?.push(text);
  const wrap = <E extends Executor>(exec: E): E => {
    const { all, run, allNow } = exec;
    return Object.assign(exec, {
      all: (q: Compilable | CompiledQuery) => {
        note(compiled(q).sql);
        return all(q);
      },
      run: (q: Compilable | CompiledQuery) => {
        note(compiled(q).sql);
        return run(q);
      },
      ...(allNow && {
        allNow: (q: CompiledQuery) => {
          note(q.sql);
          return allNow(q);
        },
      }),
    });
  };
  const own = { all: db.all, run: db.run, allNow: db.allNow, transaction: db.transaction };
  const { transaction } = db;
  wrap(db);
  (db as { transaction: Database['transaction'] }).transaction = (fn, options) => {
    note(`transaction${options?.lock ? ` locking ${options.lock.table}` : ''}`);
    // A copy per transaction: the executor the driver hands over may be shared (SQLite's writer).
    return transaction((tx) => fn(wrap({ ...tx })), options);
  };
  return {
    during: async (work) => {
      const log: string[] = [];
      await current.run(log, work);
      return log;
    },
    restore: () => Object.assign(db, own),
  };
}
