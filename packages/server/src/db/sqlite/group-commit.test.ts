/**
 * Group commit when another process holds SQLite's write lock past the busy timeout (a CLI
 * command, a second server by mistake): the waiting batch's writes fail with SQLITE_BUSY and
 * the server goes on. Regression: BEGIN IMMEDIATE threw outside the flush's try, so the
 * flush's promise rejected unhandled, the process died, and the batch's callers never heard.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

describe('GroupCommit against another writer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-group-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails the batch with SQLITE_BUSY while the lock is held, then commits once it is free', async () => {
    const file = join(dir, 'busy.db');
    const conn = new BetterSqlite3(file);
    conn.pragma('journal_mode = WAL');
    conn.pragma('busy_timeout = 50');
    conn.exec('create table t (x integer)');
    const other = new BetterSqlite3(file);
    const group = new GroupCommit(conn);
    const insert = (x: number) =>
      group.enqueue(async () => {
        conn.prepare('insert into t (x) values (?)').run(x);
      });
    other.exec('BEGIN IMMEDIATE');
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const refused = await Promise.allSettled([insert(1), insert(2)]);
      expect(refused.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_BUSY' });
      other.exec('ROLLBACK');
      await insert(3);
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
      expect(conn.prepare('select x from t').pluck().all()).toEqual([3]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      other.close();
      conn.close();
    }
  });
});

describe('GroupCommit.drain', () => {
  // Regression (review of #15): a write queued and not yet flushed (an API key's last use,
  // written without being awaited) and then drain() on close: drain awaited the null
  // `#running` in a loop of microtasks, the event loop never reached the flush, and close()
  // spun at full CPU for good.
  it('bug: drain right after an unflushed enqueue spun forever instead of waiting for the flush', async () => {
    const conn = new BetterSqlite3(':memory:');
    conn.exec('create table t (x integer)');
    const group = new GroupCommit(conn);
    const written = group.enqueue(async () => {
      conn.prepare('insert into t (x) values (?)').run(1);
    });
    await group.drain();
    await written;
    expect(conn.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
    conn.close();
  });
});
