/**
 * An action handler's writes, one at a time, each in its own savepoint. A handler may catch
 * a refused write and carry on: the savepoint undoes whatever that write had done so far
 * (a cascade, say), and on PostgreSQL it keeps the transaction usable — a failed statement
 * would otherwise abort it, and every later statement would fail where SQLite succeeds.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/** Runs one write. */
export type WriteGuard = <T>(write: () => Promise<T>) => Promise<T>;

/**
 * A guard for the writes made on one transaction. Writes queue behind each other, so a
 * handler's parallel writes never interleave their savepoints.
 * @example
 * const guard = serialWrites(tx);
 * await guard(() => createRecord(scope, 'tickets', data)).catch(() => null); // undone, tx still usable
 */
export function serialWrites(exec: Executor, events?: unknown[]): WriteGuard {
  const step = (text: string) => exec.run(sql.raw(text).compile(exec.qb));
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(write: () => Promise<T>): Promise<T> => {
    const run = tail.then(async () => {
      await step('savepoint nf_write');
      // An undone write must not announce its change: drop the events it staged.
      const staged = events?.length ?? 0;
      try {
        const value = await write();
        await step('release savepoint nf_write');
        return value;
      } catch (error) {
        await step('rollback to savepoint nf_write');
        if (events) events.length = staged;
        await step('release savepoint nf_write');
        throw error;
      }
    });
    tail = run.catch(() => {});
    return run;
  };
}
