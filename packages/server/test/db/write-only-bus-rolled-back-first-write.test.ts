/**
 * Regression: the write-only bus (a CLI command on a shared PostgreSQL database) marked the
 * outbox as made before the transaction that made it had committed. A first write that
 * rolled back took `nf_events` with it, and every later write of the command failed on the
 * missing table. PostgreSQL only: SQLite's quiet bus is the in-process one.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { writeOnlyBus } from '../../src/db/postgres/write-only-bus';
import { freshDatabase, PG_URL, type TestDatabase } from '../test-databases';

describe.skipIf(!PG_URL)('write-only bus after a rolled-back first write (postgres)', () => {
  let tdb: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    tdb = await freshDatabase('postgres');
    db = openDatabase(tdb.url);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('a write after a first write that rolled back still reaches the outbox', async () => {
    const bus = writeOnlyBus();
    const events = [{ kind: 'sessionEnded', session: 'first' }] as const;
    await expect(
      db.transaction(async (tx) => {
        await bus.stage(tx, events);
        throw new Error('the command failed after staging');
      }),
    ).rejects.toThrow('the command failed');
    const second = [{ kind: 'sessionEnded', session: 'second' }] as const;
    await db.transaction((tx) => bus.stage(tx, second));
    bus.committed(second);
    const rows = await db.all<{ payload: unknown }>(sql`select payload from nf_events`.compile(db.qb));
    expect(rows.map((r) => JSON.stringify(r.payload))).toEqual([expect.stringContaining('second')]);
    // And once known to exist, later writes stage without the DDL and still land.
    await db.transaction((tx) => bus.stage(tx, [{ kind: 'sessionEnded', session: 'third' }]));
    expect(await db.all(sql`select id from nf_events`.compile(db.qb))).toHaveLength(2);
  });
});
