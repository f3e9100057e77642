/**
 * Full-text search on PostgreSQL: a GIN index on a `tsvector` expression of the entity's
 * search fields, in the 'simple' configuration (words as written, case folded: no stemming
 * and no stop words, which would need a language the spec does not declare). An expression
 * index, not a stored column: it is filled when made and kept right by every write with no
 * column the record codec or schema sync must know of. Each field carries its own weight
 * label (A, B, C, D in declared order), so a query can be held to the fields a caller may
 * read (`'word':AB`) and still be served by the one index.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../database';
import { ident } from '../schema/schema-sql';
import { indexedChars, type SearchDialect, type SearchQuery } from '../schema/search-index';

const LABELS = 'ABCD';

/** The vector of `fields` (each labelled by its place among `all`), their columns spelled by `column`. */
function vectorSql(all: readonly string[], fields: readonly string[], column: (f: string) => string): string {
  // Each text bounded, or a long one makes a vector PostgreSQL refuses, and its write fails.
  const bound = indexedChars(all.length);
  return fields
    .map(
      (f) =>
        `setweight(to_tsvector('simple'::regconfig, left(coalesce(${column(f)}, ''), ${bound})), '${LABELS[all.indexOf(f)] ?? 'D'}')`,
    )
    .join(' || ');
}

/** Over `t`'s columns; of every field, the indexed expression: the query spells it the same to use the index. */
function vector(q: SearchQuery, fields: readonly string[]): RawBuilder<unknown> {
  return sql.raw(`(${vectorSql(q.fields, fields, (f) => `t.${ident(f)}`)})`);
}

/** The tsquery text: every term quoted as a lexeme (never operators), the last a prefix (`prefix`). */
function queryText(q: SearchQuery): string {
  const labels =
    q.within.length === q.fields.length
      ? ''
      : q.within.map((f) => LABELS[q.fields.indexOf(f)] ?? 'D').join('');
  return q.terms
    .map((t, i) => {
      const prefix = i === q.terms.length - 1 && q.prefix ? '*' : '';
      return `'${t.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${prefix || labels ? `:${prefix}${labels}` : ''}`;
    })
    .join(' & ');
}

/**
 * @example db.dialect.search === postgresSearch
 */
export const postgresSearch: SearchDialect = {
  existing: async (exec: Executor) => {
    const rows = await exec.all<{ indexname: string; tablename: string }>(
      sql`select indexname, tablename from pg_indexes where schemaname = current_schema()
          and indexname like 'nf\_search\_%'`.compile(exec.qb),
    );
    return new Map(rows.map((r) => [r.indexname, r.tablename]));
  },
  // IF NOT EXISTS also keeps it out of the planned-index sweep of sync-schema, which reads
  // back only `CREATE INDEX "name"`: this index lives and goes by search-index.ts alone.
  create: (table, index, fields) =>
    `CREATE INDEX IF NOT EXISTS ${ident(index)} ON ${ident(table)} USING gin ((${vectorSql(fields, fields, ident)}))`,
  drop: (_table, index) => `DROP INDEX IF EXISTS ${ident(index)}`,
  // The index is on `t` itself: the match is a condition on it.
  from: (table) => sql`${sql.table(table)} as t`,
  matches: (q) => sql`${vector(q, q.fields)} @@ to_tsquery('simple'::regconfig, ${queryText(q)})`,
  // ts_rank reads the row's own vector only; of the readable fields, so a hidden one weighs
  // nothing. As float8: a float4 read back as text and compared again would not be equal.
  score: (q) =>
    sql<number>`(-ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], ${vector(
      q,
      q.fields.filter((f) => q.within.includes(f)),
    )}, to_tsquery('simple'::regconfig, ${queryText(q)})))::float8`,
  // Ids are UUIDv7, in time order: a top-N of the matches the GIN index finds, each ranked
  // only once in the window (the rank is computed after the limit).
  newest: () => sql`t.id desc`,
};
