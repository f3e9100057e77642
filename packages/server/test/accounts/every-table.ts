/**
 * Everything the database holds, as text, table by table: for proving a secret is stored
 * nowhere in clear (every column of every row of every table, system tables included).
 */
import { sql } from 'kysely';
import type { Database } from '../../src/db/database';

/**
 * Every table's rows, serialized as JSON, by table name.
 * @example for (const [table, text] of await everyTable(t.db)) expect(text.includes(token), table).toBe(false);
 */
export async function everyTable(db: Database): Promise<Map<string, string>> {
  const tables = await db.all<{ name: string }>(
    db.dialect.name === 'sqlite'
      ? sql`select name from sqlite_master where type = 'table'`.compile(db.qb)
      : sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.compile(
          db.qb,
        ),
  );
  const out = new Map<string, string>();
  for (const { name } of tables) {
    const rows = await db.all(sql`select * from ${sql.table(name)}`.compile(db.qb));
    out.set(name, JSON.stringify(rows));
  }
  return out;
}
