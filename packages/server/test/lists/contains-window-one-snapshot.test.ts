/**
 * Regression, per dialect: a `contains` page read its window's last row in a second
 * statement, outside the first one's snapshot. A delete inside the window in between moved
 * that row on by one, so the row after the window was never examined; an insert moved it
 * back, so a match was examined, and given, twice. The page and where it goes on from are
 * now one statement. The write lands exactly between the page's statements (an executor
 * that writes after the first read it serves).
 */
import { CONTAINS_WINDOW, defineApp, entity, f } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecords, readListQuery } from '../../src/core/records/list-records';
import type { Database, Executor } from '../../src/db/database';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';

const app = defineApp({
  about: { name: 'Notes', summary: 'Notes.', audience: 'Tests.' },
  roles: { member: {} },
  entities: {
    notes: entity({ fields: { subject: f.text({ min: 1, max: 80 }) }, access: { read: { member: true } } }),
  },
});

const BASE = Date.parse('2030-01-01T00:00:00Z');
const at = (i: number) => new Date(BASE + i * 1000).toISOString();
const row = (i: number, subject: string) => ({
  id: `${(i + 10_000).toString(16).padStart(8, '0')}-0000-7000-8000-000000000000`,
  createdAt: at(i),
  updatedAt: at(i),
  version: 1,
  subject,
});

/** The database, but after the first read it serves, `between` runs once. */
function writesAfterFirstRead(db: Database, between: () => Promise<unknown>): Executor {
  let pending: (() => Promise<unknown>) | null = between;
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'all')
        return async (...args: Parameters<Database['all']>) => {
          const rows = await target.all(...args);
          const run = pending;
          pending = null;
          await run?.();
          return rows;
        };
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const CASES = [
  {
    name: 'a delete inside the window: the row after it is still examined',
    needle: CONTAINS_WINDOW,
    write: (db: Database) => db.run(db.qb.deleteFrom('notes').where('subject', '=', 'row 5')),
  },
  {
    name: 'an insert before the window: its last match is not given twice',
    needle: CONTAINS_WINDOW - 1,
    write: (db: Database) => db.run(db.qb.insertInto('notes').values(row(-1, 'row early'))),
  },
];

describe.each(DIALECTS)('a contains page is one snapshot, on %s', (dialect) => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  beforeAll(async () => {
    tdb = await freshDatabase(dialect);
    nf = await createNinefold(app, { database: tdb.url, logger: false });
  });
  afterAll(async () => {
    await nf?.close();
    await tdb?.drop();
  });

  it.each(CASES)('$name', async ({ needle, write }) => {
    const { db } = nf;
    await db.run(db.qb.deleteFrom('notes'));
    const rows = Array.from({ length: CONTAINS_WINDOW + 10 }, (_, i) =>
      row(i, i === needle ? 'the needle' : `row ${i}`),
    );
    await db.run(db.qb.insertInto('notes').values(rows));
    const found: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const exec = page === 0 ? writesAfterFirstRead(db, () => write(db)) : db;
      const scope = nf.core.scope(null, true).on(exec);
      const query = {
        'subject[contains]': 'needle',
        sort: 'createdAt',
        limit: '10',
        ...(cursor ? { cursor } : {}),
      };
      const answer = await listRecords(scope, 'notes', readListQuery(scope, 'notes', query));
      found.push(...answer.items.map((r) => String(r.subject)));
      if (!answer.nextCursor) break;
      cursor = answer.nextCursor;
    }
    expect(found).toEqual(['the needle']);
  });
});
