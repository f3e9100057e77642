/**
 * Unique declarations in schema sync, per dialect: the partial index's WHERE, with its
 * literals written into the DDL, admits exactly the rows the evaluator says the `where` holds
 * for (quotes, semicolons and comment marks in strings included); a changed declaration
 * replaces its index; rows that already clash fail sync naming the constraint, and nothing
 * of that sync stays.
 */
import {
  type App,
  and,
  defineApp,
  entity,
  eq,
  evaluateRule,
  f,
  field,
  gt,
  inState,
  isNull,
  lit,
  lte,
  ne,
  not,
  oneOf,
  or,
  type RuleNode,
} from '@ninefold/spec';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { indexWhereSql } from '../../src/db/schema/index-where-sql';
import { introspect } from '../../src/db/schema/introspect';
import { syncSchema, UniqueConflictError } from '../../src/db/schema/sync-schema';
import { DIALECTS, freshDatabase, type TestDatabase } from '../test-databases';

const ABOUT = { name: 'Shelf', summary: 'Items.', audience: 'Tests.' };
const TRICKY = ["O'Brien", "'; DROP TABLE items; --", 'a"b', 'back\\slash', 'two\nlines', ''];

function shelf(where?: RuleNode): App {
  const items = entity({
    fields: {
      code: f.text({ max: 80 }),
      label: f.text({ max: 80, optional: true }),
      rank: f.integer({ optional: true }),
      active: f.boolean({ default: true }),
      kind: f.enum(['a', 'b', 'c'], { default: 'a' }),
    },
    states: {
      field: 'status',
      initial: 'live',
      states: { live: {}, gone: {} },
      transitions: { drop: { from: 'live', to: 'gone', who: { clerk: true } } },
    },
    access: { read: { clerk: true }, create: { clerk: true } },
    unique: [{ name: 'code', fields: ['code'], ...(where ? { where } : {}) }],
  });
  return defineApp({ about: ABOUT, roles: { clerk: {} }, entities: { items } });
}

const RULES: readonly [string, RuleNode][] = [
  ['state', not(inState('gone'))],
  ['text with quotes', eq('label', "O'Brien")],
  ['text that looks like SQL', ne('label', "'; DROP TABLE items; --")],
  ['one of tricky strings and null', oneOf('label', [TRICKY[0]!, TRICKY[1]!, TRICKY[3]!, null])],
  ['numbers flipped', and(gt('rank', 2), lte(lit(10), field('rank')))],
  ['boolean and enum', or(eq('active', false), oneOf('kind', ['b', 'c']))],
  ['null tests', or(isNull('rank'), eq('label', null), not(ne('rank', null)))],
  ['empty oneOf', or(oneOf('kind', []), and(not(oneOf('kind', [])), eq('kind', 'b')))],
];

describe.each(DIALECTS)('unique declarations in schema sync on %s', (dialect) => {
  let tdb: TestDatabase;
  let db: Database;
  beforeEach(async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase(tdb.url);
  });
  afterEach(async () => {
    await db?.close();
    await tdb?.drop();
  });

  const insert = async (rows: Record<string, unknown>[]) => {
    let n = 0;
    for (const r of rows) {
      n += 1;
      const now = new Date(Date.UTC(2030, 0, 1, 0, 0, n)).toISOString();
      await db.run(
        db.qb
          .insertInto('items')
          .values({ id: `i${String(n).padStart(3, '0')}`, createdAt: now, updatedAt: now, version: 1, ...r }),
      );
    }
  };
  const uniqueIndexes = async () =>
    [...(await introspect(db)).indexes].filter((i) => i.startsWith('ux_')).sort();

  it.each(RULES)("the index's WHERE admits what the evaluator does: %s", async (_, where) => {
    const app = shelf(where);
    await syncSchema(db, app);
    const rows: Record<string, unknown>[] = [];
    for (const [i, label] of [...TRICKY, null].entries())
      for (const rank of [null, 1, 3, 10, 11])
        rows.push({
          code: `c${i}-${rank}`,
          label,
          rank,
          active: (i + Number(rank)) % 2 === 0,
          kind: ['a', 'b', 'c'][i % 3],
          status: i % 2 ? 'gone' : 'live',
        });
    await insert(rows);
    const stored = await db.all<Record<string, unknown>>(db.qb.selectFrom('items').selectAll().orderBy('id'));
    const condition = indexWhereSql(where, 'status', db.dialect.schema);
    const admitted = await db.all<{ id: string }>(
      sql`select id from items where ${sql.raw(condition)} order by id`.compile(db.qb),
    );
    const env = { app, caller: null };
    const expected = stored
      .filter((r) => evaluateRule(where, 'items', { ...r, active: Boolean(r.active) }, env) === true)
      .map((r) => r.id);
    expect(admitted.map((r) => r.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(stored.length);
    // The table and its rows are intact: no literal ended the statement early.
    expect(await db.all(db.qb.selectFrom('items').select('id'))).toHaveLength(rows.length);
  });

  it('a changed declaration replaces its index; the old one is dropped', async () => {
    await syncSchema(db, shelf(not(inState('gone'))));
    const before = await uniqueIndexes();
    expect(before).toEqual([expect.stringMatching(/^ux_items_code_[0-9a-f]{8}$/)]);
    expect(await syncSchema(db, shelf(not(inState('gone'))))).toEqual([]);
    const changes = await syncSchema(db, shelf(eq('active', true)));
    expect(changes.map((c) => c.description)).toEqual([
      expect.stringMatching(/^create unique constraint items\.code \(index ux_items_code_/),
      expect.stringMatching(new RegExp(`^drop index ${before[0]} on items`)),
    ]);
    const after = await uniqueIndexes();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
  });

  it('rows that already clash fail sync naming the constraint, and nothing of it stays', async () => {
    await syncSchema(db, shelfWithout());
    await insert([
      { code: 'x', status: 'live' },
      { code: 'x', status: 'live' },
      { code: 'y', status: 'gone' },
    ]);
    const failing = shelfWithExtraColumn(not(inState('gone')));
    const error = await syncSchema(db, failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UniqueConflictError);
    expect((error as Error).message).toMatch(/unique constraint 'code' of items cannot be created/);
    expect((error as Error).message).not.toMatch(/SQLITE|duplicate key|violates/i);
    const schema = await introspect(db);
    expect(schema.tables.get('items')?.columns.has('note')).toBe(false);
    expect(await uniqueIndexes()).toEqual([]);
    // With the clash resolved, the same sync applies.
    await db.run(sql`update items set status = 'gone' where id = 'i002'`.compile(db.qb));
    await syncSchema(db, failing);
    expect(await uniqueIndexes()).toHaveLength(1);
  });
});

/** The shelf with no unique declaration at all. */
function shelfWithout(): App {
  const app = shelf();
  const items = { ...app.entities.items!, unique: [] };
  return { ...app, entities: { ...app.entities, items } } as App;
}

/** The shelf declaring `code` unique where `where` holds, and a new column in the same sync. */
function shelfWithExtraColumn(where: RuleNode): App {
  const app = shelf(where);
  const items = app.entities.items!;
  return {
    ...app,
    entities: {
      ...app.entities,
      items: { ...items, fields: { ...items.fields, note: f.text({ optional: true }) } },
    },
  } as App;
}
