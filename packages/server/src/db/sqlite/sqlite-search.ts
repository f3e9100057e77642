/**
 * Full-text search on SQLite: an FTS5 table with external content (the entity's own table),
 * kept in step by triggers. External content, because the text is stored once (a helpdesk's
 * descriptions are most of its bytes) and triggers, because every write — REST, actions,
 * imports, a seed, an operator's SQL — then keeps the index right with no path forgotten.
 * The FTS rows are keyed by the entity row's rowid; `rebuild` refills the index from the
 * table (at creation, and should a VACUUM ever renumber rowids).
 */
import { sql } from 'kysely';
import type { Executor } from '../database';
import { ident } from '../schema/schema-sql';
import type { SearchDialect, SearchQuery } from '../schema/search-index';

/** Per field, in declared order, how much a hit in it weighs. */
const WEIGHTS = [8, 4, 2, 1];

/** A word as FTS5 reads it inside double quotes: a string, never an operator. */
function quoted(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** The MATCH expression: every term, the last also as a prefix, only within `within`. */
function matchText(q: SearchQuery): string {
  const words = q.terms.map((t, i) => (i === q.terms.length - 1 ? `${quoted(t)}*` : quoted(t))).join(' AND ');
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
    const news = fields.map((f) => `new.${ident(f)}`).join(', ');
    const olds = fields.map((f) => `old.${ident(f)}`).join(', ');
    const fts = ident(index);
    const remove = `INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.rowid, ${olds})`;
    const add = `INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.rowid, ${news})`;
    // Statements are split on ";\n": a trigger's body keeps its own semicolons on one line.
    return [
      `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='${table}', tokenize='unicode61 remove_diacritics 0')`,
      `CREATE TRIGGER ${ident(`${index}_ai`)} AFTER INSERT ON ${ident(table)} BEGIN ${add}; END`,
      `CREATE TRIGGER ${ident(`${index}_ad`)} AFTER DELETE ON ${ident(table)} BEGIN ${remove}; END`,
      `CREATE TRIGGER ${ident(`${index}_au`)} AFTER UPDATE OF ${cols} ON ${ident(table)} BEGIN ${remove}; ${add}; END`,
      `INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`,
    ].join(';\n');
  },
  drop: (_table, index) =>
    [
      ...['ai', 'ad', 'au'].map((t) => `DROP TRIGGER IF EXISTS ${ident(`${index}_${t}`)}`),
      `DROP TABLE ${ident(index)}`,
    ].join(';\n'),
  join: (q) => sql`join ${sql.table(q.index)} on ${sql.ref(`${q.index}.rowid`)} = t.rowid`,
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
};
