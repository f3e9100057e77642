/**
 * NULL-heavy rows of the semantics app, written straight into the tables (so a reference may
 * point at nothing) and read back as the server decodes them, on a running instance of the app.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { decodeRow, type Rec } from '../../src/core/records/row-codec';
import type { DialectName } from '../../src/db/database';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { freshDatabase } from '../test-databases';
import { semanticsApp } from './semantics-app';

export const USERS = [
  '01900000-0000-7000-8000-000000000001',
  '01900000-0000-7000-8000-000000000002',
  '01900000-0000-7000-8000-000000000003',
] as const;
export const PARENTS = [
  '01900000-0000-7000-8000-0000000000a1',
  '01900000-0000-7000-8000-0000000000a2',
  '01900000-0000-7000-8000-0000000000a3',
] as const;
/** A reference to a record that does not exist. */
export const DANGLING = '01900000-0000-7000-8000-0000000000ff';
export const TIMES = [
  '2024-02-29T12:00:00.000Z',
  '2025-01-01T00:00:00.000Z',
  '2025-06-15T08:30:00.000Z',
  '2031-12-31T23:59:59.999Z',
] as const;
/** The instant rules are evaluated at. */
export const NOW = new Date('2025-06-15T08:30:00.000Z');

/** Values by field type; text holds LIKE's special characters and a case pair beyond ASCII. */
export const POOL = {
  text: ['', 'a', 'A', 'ab', 'b', 'Ab%', 'a_b', 'x\\y', 'zz', 'é', 'É'],
  integer: [-2, -1, 0, 1, 2, 3],
  // Huge values: arithmetic over them overflows, which must be null in SQL as in the evaluator.
  number: [-1.5, 0, 0.1, 2, 2.25, 1e200, -1e200, 1.7e308],
  boolean: [true, false],
  datetime: TIMES,
  enum: ['low', 'high', 'urgent'],
  user: [...USERS, 'nobody'],
  parent: [...PARENTS, DANGLING],
  state: ['open', 'waiting', 'closed'],
} as const;

const maybe = <T>(values: readonly T[]) => fc.oneof(fc.constant(null), fc.constantFrom(...values));

export const itemArb = fc.record({
  t: maybe(POOL.text),
  n: maybe(POOL.integer),
  x: maybe(POOL.number),
  b: maybe(POOL.boolean),
  d: maybe(POOL.datetime),
  e: maybe(POOL.enum),
  reviewer: maybe(USERS),
  assignee: maybe(USERS),
  parent: maybe(POOL.parent),
  status: fc.constantFrom(...POOL.state),
  createdAt: fc.constantFrom(...TIMES),
});
export type ItemRow = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

export const parentArb = fc.record({
  t: maybe(POOL.text),
  n: maybe(POOL.integer),
  owner: maybe(USERS),
  up: maybe(POOL.parent),
});
export type ParentRow = typeof parentArb extends fc.Arbitrary<infer T> ? T : never;

/** A row set: a parent for each id, and the items. */
export const rowSetArb = fc.record({
  parents: fc.tuple(parentArb, parentArb, parentArb),
  items: fc.array(itemArb, { minLength: 12, maxLength: 30 }),
});
export type RowSet = typeof rowSetArb extends fc.Arbitrary<infer T> ? T : never;

/** The rows as the server reads them back. */
export interface Stored {
  readonly items: readonly Rec[];
  readonly parents: ReadonlyMap<string, Rec>;
}

function itemId(i: number): string {
  return `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`;
}

async function insert(nf: Ninefold, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) return;
  const values = rows.map((r) => sql`(${sql.join(columns.map((c) => r[c]))})`);
  await nf.db.run(
    sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(
      values,
    )}`.compile(nf.db.qb),
  );
}

/**
 * Replaces every row with the row set and reads it back decoded.
 * @example const stored = await putRows(s.nf, rows);
 */
export async function putRows(nf: Ninefold, set: RowSet): Promise<Stored> {
  await nf.db.run(sql`delete from items`.compile(nf.db.qb));
  await nf.db.run(sql`delete from parents`.compile(nf.db.qb));
  const system = (id: string, at: string) => ({ id, createdAt: at, updatedAt: at, version: 1 });
  await insert(
    nf,
    'parents',
    set.parents.map((p, i) => ({ ...system(PARENTS[i]!, TIMES[0]), ...p })),
  );
  await insert(
    nf,
    'items',
    set.items.map((it, i) => ({ ...it, ...system(itemId(i), it.createdAt) })),
  );
  const read = async (entity: 'items' | 'parents') => {
    const rows = await nf.db.all<Rec>(sql`select * from ${sql.table(entity)} order by id`.compile(nf.db.qb));
    return rows.map((r) => decodeRow(semanticsApp.entities[entity]!, r, nf.db.dialect));
  };
  const parents = await read('parents');
  return { items: await read('items'), parents: new Map(parents.map((p) => [String(p.id), p])) };
}

/**
 * The semantics app on a fresh database of the dialect.
 * @example const s = await startSemantics('sqlite'); … await s.close();
 */
export async function startSemantics(
  dialect: DialectName,
): Promise<{ nf: Ninefold; close(): Promise<void> }> {
  const tdb = await freshDatabase(dialect);
  const nf = await createNinefold(semanticsApp, { database: tdb.url });
  return {
    nf,
    close: async () => {
      await nf.close();
      await tdb.drop();
    },
  };
}
