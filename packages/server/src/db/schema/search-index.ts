/**
 * Full-text search indexes: one per entity that declares `search`, named after the entity and
 * a hash of its fields, so a changed declaration is a new index (made and filled from the rows
 * there are) and the old one goes. Each dialect says how it indexes, matches and ranks
 * (`SearchDialect`: FTS5 on SQLite, a GIN-indexed `tsvector` on PostgreSQL); schema sync asks
 * `planSearchChanges` after the tables and their columns are planned.
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
  /** Words, each matched as a word, the last one also as a prefix: never query syntax. */
  readonly terms: readonly string[];
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
  /** What the query's FROM needs after `<table> as t` (nothing where the index is on `t`). */
  join(q: SearchQuery): RawBuilder<unknown>;
  /** The row `t` holds every term within `q.within`. */
  matches(q: SearchQuery): RawBuilder<SqlBool>;
  /**
   * The row's rank, lower first, a number a cursor carries. Worked out from the row's own
   * text alone (no corpus statistics): the order of what a caller sees never depends on rows
   * or fields it may not read.
   */
  score(q: SearchQuery): RawBuilder<number>;
}

// Bumped when the index's shape changes, so a deployed one is made again.
const SHAPE = 1;

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

/**
 * The search indexes to make (with their rows) and to drop so the database serves the spec.
 * @example changes.push(...(await planSearchChanges(tx, app)));
 */
export async function planSearchChanges(
  exec: Executor,
  app: App,
): Promise<{ sql: string; description: string; destructive: boolean }[]> {
  const search = exec.dialect.search;
  const existing = await search.existing(exec);
  const planned = new Map<string, { table: string; fields: readonly string[] }>();
  for (const [table, e] of Object.entries(app.entities)) {
    if (e.search && e.search.length > 0)
      planned.set(searchIndexName(table, e.search), { table, fields: e.search });
  }
  const changes: { sql: string; description: string; destructive: boolean }[] = [];
  for (const [index, table] of existing) {
    if (!planned.has(index))
      changes.push({
        sql: search.drop(table, index),
        description: `drop search index ${index} on ${table}`,
        destructive: false,
      });
  }
  for (const [index, { table, fields }] of planned) {
    if (!existing.has(index))
      changes.push({
        sql: search.create(table, index, fields),
        description: `create search index ${index} on ${table} (${fields.join(', ')})`,
        destructive: false,
      });
  }
  return changes;
}
