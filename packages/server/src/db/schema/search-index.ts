/**
 * Full-text search indexes: one per entity that declares `search`, named after the entity and
 * a hash of its fields, so a changed declaration is a new index (made and filled from the rows
 * there are) and the old one goes. Each dialect says how it indexes, matches and ranks
 * (`SearchDialect`: FTS5 on SQLite, a GIN-indexed `tsvector` on PostgreSQL); schema sync asks
 * `planSearchChanges`, whose drops go before the columns change and creates after.
 */
import { createHash } from 'node:crypto';
import type { App } from '@ninefold/spec';
import type { RawBuilder, SqlBool } from 'kysely';
import type { Executor } from '../database';

/** A search over one entity's rows, aliased `t` in the query that uses it. */
export interface SearchQuery {
  /** The entity's table. */
  readonly table: string;
  /** Its search index (`searchIndexName`). */
  readonly index: string;
  /** Every field the index covers, in the declared order of weight. */
  readonly fields: readonly string[];
  /** The fields a match may be found in: those the caller may read. */
  readonly within: readonly string[];
  /** Words, each matched as a word, the last one also as a prefix when `prefix`: never query syntax. */
  readonly terms: readonly string[];
  readonly prefix: boolean;
}

/** How a dialect indexes, matches and ranks full-text search. */
export interface SearchDialect {
  /**
   * The search indexes there are now, by name, with their tables.
   * @example (await dialect.search.existing(db)).has('nf_search_tickets_1a2b3c4d')
   */
  existing(exec: Executor): Promise<Map<string, string>>;
  /** Statements (joined by `;\n`) that make the index and fill it from the rows there are. */
  create(table: string, index: string, fields: readonly string[]): string;
  /** Statements (joined by `;\n`) that remove an index. */
  drop(table: string, index: string): string;
  /**
   * The query's FROM: `<table> as t`, joined with the index where it is a table of its own,
   * in the order that makes the search drive the query.
   */
  from(table: string, q: SearchQuery): RawBuilder<unknown>;
  /** The row `t` holds every term within `q.within`. */
  matches(q: SearchQuery): RawBuilder<SqlBool>;
  /**
   * The row's rank, lower first, a number a cursor carries. Worked out from the row's own
   * text alone (no corpus statistics): the order of what a caller sees never depends on rows
   * or fields it may not read.
   */
  score(q: SearchQuery): RawBuilder<number>;
  /**
   * Newest first, in an order the index yields matches in with no sort, so a ranked search
   * takes its window of candidates (RANK_WINDOW) without reading every match.
   */
  newest(q: SearchQuery): RawBuilder<unknown>;
}

// Bumped when the index's shape changes, so a deployed one is made again (2: texts bounded).
const SHAPE = 2;

/**
 * How many characters of a record's search fields are indexed, shared among them: each field
 * indexes its first `indexedChars(n)`. PostgreSQL refuses a tsvector whose words pass 1 MB
 * (`string is too long for tsvector`), and its parser may make ~5 bytes of words of a
 * character (4-byte letters, hyphenated words indexed whole and by part): 120,000 characters
 * stay under it with room, so no write of a long text fails. Words past the bound are not
 * found, on SQLite too, so both dialects find the same records.
 */
export const SEARCH_INDEXED_CHARS = 120_000;

/**
 * The characters of each field an index over `fieldCount` fields takes.
 * @example indexedChars(4) // 30000
 */
export function indexedChars(fieldCount: number): number {
  return Math.floor(SEARCH_INDEXED_CHARS / Math.max(1, fieldCount));
}

/**
 * The name of an entity's search index over its fields (at most 63 bytes, PostgreSQL's limit).
 * @example searchIndexName('tickets', ['subject', 'description']) // 'nf_search_tickets_…'
 */
export function searchIndexName(entity: string, fields: readonly string[]): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([SHAPE, entity, fields]))
    .digest('hex')
    .slice(0, 10);
  return `nf_search_${entity.slice(0, 40)}_${hash}`;
}

/** One statement group of a search index change, as schema sync records it. */
export interface SearchChange {
  readonly sql: string;
  readonly description: string;
  readonly destructive: boolean;
}

/**
 * The search indexes to drop and to make (with their rows) so the database serves the spec.
 * Drops go before the columns change and creates after: SQLite refuses to drop a column a
 * search trigger names, and a new index reads columns the same sync may add.
 * @example
 * const search = await planSearchChanges(tx, app);
 * changes.push(...search.drops); // … column changes … ; changes.push(...search.creates);
 */
export async function planSearchChanges(
  exec: Executor,
  app: App,
): Promise<{ drops: SearchChange[]; creates: SearchChange[] }> {
  const search = exec.dialect.search;
  const existing = await search.existing(exec);
  const planned = new Map<string, { table: string; fields: readonly string[] }>();
  for (const [table, e] of Object.entries(app.entities)) {
    if (e.search && e.search.length > 0)
      planned.set(searchIndexName(table, e.search), { table, fields: e.search });
  }
  const drops: SearchChange[] = [];
  for (const [index, table] of existing) {
    if (!planned.has(index))
      drops.push({
        sql: search.drop(table, index),
        description: `drop search index ${index} on ${table}`,
        destructive: false,
      });
  }
  const creates: SearchChange[] = [];
  for (const [index, { table, fields }] of planned) {
    if (!existing.has(index))
      creates.push({
        sql: search.create(table, index, fields),
        description: `create search index ${index} on ${table} (${fields.join(', ')})`,
        destructive: false,
      });
  }
  return { drops, creates };
}
