/**
 * Regression, per dialect: schema sync dropped every `ix_` index of an entity table the spec
 * did not plan — an operator's own too. Now only indexes Ninefold's recorded migrations
 * created are dropped when the spec stops needing them, and the migration says so.
 */
import { defineApp, entity, f } from '@ninefold/spec';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { introspect } from '../../src/db/schema/introspect';
import { syncSchema } from '../../src/db/schema/sync-schema';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';

const ABOUT = { name: 'Desk', summary: 'Tickets.', audience: 'Tests.' };
const fields = { subject: f.text({ min: 1, max: 80 }), rank: f.integer() };
const access = { read: { agent: true }, create: { agent: true } };
/** First the list sorts by rank; then the spec stops declaring that sort. */
const sortedByRank = defineApp({
  about: ABOUT,
  roles: { agent: {} },
  entities: { tickets: entity({ fields, sortable: ['rank'], access }) },
});
const unsorted = defineApp({
  about: ABOUT,
  roles: { agent: {} },
  entities: { tickets: entity({ fields, access }) },
});

describe.each(DIALECTS)('schema sync and indexes it did not make, on %s', (dialect) => {
  let tdb: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase(tdb.url);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });
  const indexes = async () => (await introspect(db)).indexes;

  it("an operator's own ix_ index survives a start; ours for a sort no longer declared is dropped", async () => {
    await syncSchema(db, sortedByRank);
    expect(await indexes()).toContain('ix_tickets_rank_id');
    await db.run(sql`CREATE INDEX ix_tickets_custom ON tickets (subject)`.compile(db.qb));
    await db.run(sql`CREATE INDEX operator_subject_rank ON tickets (subject, rank)`.compile(db.qb));

    const changes = await syncSchema(db, unsorted);
    const now = await indexes();
    expect(now).toContain('ix_tickets_custom');
    expect(now).toContain('operator_subject_rank');
    expect(now).not.toContain('ix_tickets_rank_id');
    expect(changes.map((c) => c.description)).toEqual([
      expect.stringMatching(/^drop index ix_tickets_rank_id on tickets \(created by Ninefold/),
    ]);
    // Recorded, so the next start has nothing to do and the operator's index still stands.
    expect(await syncSchema(db, unsorted)).toEqual([]);
    expect(await indexes()).toContain('ix_tickets_custom');
  });

  it('an index we dropped and an operator made again under the same name is theirs', async () => {
    await db.run(sql`CREATE INDEX ix_tickets_rank_id ON tickets (rank, id)`.compile(db.qb));
    expect(await syncSchema(db, unsorted)).toEqual([]);
    expect(await indexes()).toContain('ix_tickets_rank_id');
  });
});
