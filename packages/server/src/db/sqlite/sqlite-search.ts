/**
 * Full-text search on SQLite: an FTS5 table with external content (the entity's own table),
 * kept in step by triggers. External content, because the text is stored once (a helpdesk's
 * descriptions are most of its bytes) and triggers, because every write — REST, actions,
 * imports, a seed, an operator's SQL — then keeps the index right with no path forgotten.
 * The FTS rows are keyed by the entity row's rowid, an implicit one (an entity's key is its
 * text `id`, no INTEGER PRIMARY KEY). SQLite says a VACUUM may renumber implicit rowids, which
 * would point the index at other rows: Ninefold never runs VACUUM (nor VACUUM INTO), and its
 * backups copy pages (the backup API), which keeps rowids. An operator who VACUUMs should drop
 * the `nf_search_*` tables and triggers; the next start makes and fills them again.
 */
import { sql } from 'kysely';
import type { Executor } from '../database';
import { ident } from '../schema/schema-sql';
import { indexedChars, type SearchDialect, type SearchQuery } from '../schema/search-index';

/** Per field, in declared order, how much a hit in it weighs. */
const WEIGHTS = [8, 4, 2, 1];

/** A word as FTS5 reads it inside double quotes: a string, never an operator. */
function quoted(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** The MATCH expression: every term, the last also as a prefix (`prefix`), only within `within`. */
function matchText(q: SearchQuery): string {
  const last = q.terms.length - 1;
  const words = q.terms.map((t, i) => (i === last && q.prefix ? `${quoted(t)}*` : quoted(t))).join(' AND ');
  if (q.within.length === q.fields.length) return words;
  return `{${q.within.map(quoted).join(' ')}} : (${words})`;
}

/**
 * @example db.dialect.search === sqliteSearch
 */
export const sqliteSearch: SearchDialect = {
  existing: async (exec: Executor) => {
    const rows = await exec.all<{ name: string; sql: string }>(
      sql`select name, sql from sqlite_master where type = 'table' and name like 'nf\_search\_%' escape '\\'`.compile(
        exec.qb,
      ),
    );
    const found = new Map<string, string>();
    for (const r of rows) {
      const content = /content='([^']+)'/.exec(r.sql ?? '');
      if (/^CREATE VIRTUAL TABLE/i.test(r.sql ?? '') && content) found.set(r.name, content[1]!);
    }
    return found;
  },
  create: (table, index, fields) => {
    const cols = fields.map(ident).join(', ');
    // The same bound as PostgreSQL's (indexedChars), so both find the same records. The index
    // is filled with these bounded texts rather than by 'rebuild', which reads whole columns:
    // a 'delete' must give the very values that were indexed.
    const bound = indexedChars(fields.length);
    const bounded = (row: string) => fields.map((f) => `substr(${row}${ident(f)}, 1, ${bound})`).join(', ');
    const fts = ident(index);
    const remove = `INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.rowid, ${bounded('old.')})`;
    const add = `INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.rowid, ${bounded('new.')})`;
    // Statements are split on ";\n": a trigger's body keeps its own semicolons on one line.
    return [
      `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='${table}', tokenize='unicode61 remove_diacritics 0')`,
      `CREATE TRIGGER ${ident(`${index}_ai`)} AFTER INSERT ON ${ident(table)} BEGIN ${add}; END`,
      `CREATE TRIGGER ${ident(`${index}_ad`)} AFTER DELETE ON ${ident(table)} BEGIN ${remove}; END`,
      `CREATE TRIGGER ${ident(`${index}_au`)} AFTER UPDATE OF ${cols} ON ${ident(table)} BEGIN ${remove}; ${add}; END`,
      `INSERT INTO ${fts}(rowid, ${cols}) SELECT rowid, ${bounded('')} FROM ${ident(table)}`,
    ].join(';\n');
  },
  drop: (_table, index) =>
    [
      ...['ai', 'ad', 'au'].map((t) => `DROP TRIGGER IF EXISTS ${ident(`${index}_${t}`)}`),
      `DROP TABLE ${ident(index)}`,
    ].join(';\n'),
  // CROSS JOIN fixes the order (SQLite's planner never reorders it): the full-text match runs
  // once and each hit finds its row by rowid. Left to itself, the planner chose a caller's
  // index on `t` (`requester = ?`) and ran the match again for every row of it: 2.6 s for a
  // customer with 485 tickets among a million.
  from: (table, q) =>
    sql`${sql.table(q.index)} cross join ${sql.table(table)} as t on t.rowid = ${sql.ref(`${q.index}.rowid`)}`,
  matches: (q) => sql`${sql.table(q.index)} match ${matchText(q)}`,
  // Hits in the row's own text, weighted by field: `highlight` marks each match, and the
  // marks added are counted (FTS5's bm25 would weigh terms by how often every row holds them).
  score: (q) => {
    const hits = q.fields.flatMap((f, i) =>
      q.within.includes(f)
        ? [
            sql`${sql.lit(WEIGHTS[i] ?? 1)} * coalesce(length(highlight(${sql.table(q.index)}, ${sql.lit(i)}, char(1), '')) - length(t.${sql.ref(f)}), 0)`,
          ]
        : [],
    );
    return sql<number>`-(${sql.join(hits, sql` + `)})`;
  },
  // FTS5 yields matches in rowid order, either way, with no sort; rowids grow as rows are added.
  newest: (q) => sql`${sql.ref(`${q.index}.rowid`)} desc`,
};
