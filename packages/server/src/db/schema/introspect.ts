/**
 * What the database holds now: tables, their columns (type, nullability) and index names.
 */
import { sql } from 'kysely';
import type { Executor } from '../database';

export interface ExistingColumn {
  readonly name: string;
  readonly type: string;
  readonly notNull: boolean;
}
export interface ExistingTable {
  readonly name: string;
  readonly columns: Map<string, ExistingColumn>;
}
export interface ExistingSchema {
  readonly tables: Map<string, ExistingTable>;
  readonly indexes: Set<string>;
  /** Each index's table, by index name. */
  readonly indexTables: Map<string, string>;
}

async function introspectSqlite(db: Executor): Promise<ExistingSchema> {
  const master = await db.all<{ type: string; name: string; tbl_name: string }>(
    sql`select type, name, tbl_name from sqlite_master where type in ('table', 'index')`.compile(db.qb),
  );
  const tables = new Map<string, ExistingTable>();
  for (const t of master.filter((m) => m.type === 'table' && !m.name.startsWith('sqlite_'))) {
    const info = await db.all<{ name: string; type: string; notnull: number }>(
      sql`select name, type, "notnull" from pragma_table_info(${t.name})`.compile(db.qb),
    );
    tables.set(t.name, {
      name: t.name,
      columns: new Map(
        info.map((c) => [c.name, { name: c.name, type: c.type.toLowerCase(), notNull: c.notnull === 1 }]),
      ),
    });
  }
  const indexes = master.filter((m) => m.type === 'index');
  return {
    tables,
    indexes: new Set(indexes.map((m) => m.name)),
    indexTables: new Map(indexes.map((m) => [m.name, m.tbl_name])),
  };
}

async function introspectPostgres(db: Executor): Promise<ExistingSchema> {
  const cols = await db.all<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
  }>(
    sql`select table_name, column_name, data_type, is_nullable from information_schema.columns
        where table_schema = current_schema()`.compile(db.qb),
  );
  const tables = new Map<string, ExistingTable>();
  for (const c of cols) {
    let t = tables.get(c.table_name);
    if (!t) {
      t = { name: c.table_name, columns: new Map() };
      tables.set(c.table_name, t);
    }
    t.columns.set(c.column_name, { name: c.column_name, type: c.data_type, notNull: c.is_nullable === 'NO' });
  }
  const idx = await db.all<{ indexname: string; tablename: string }>(
    sql`select indexname, tablename from pg_indexes where schemaname = current_schema()`.compile(db.qb),
  );
  return {
    tables,
    indexes: new Set(idx.map((i) => i.indexname)),
    indexTables: new Map(idx.map((i) => [i.indexname, i.tablename])),
  };
}

/**
 * Reads the current schema.
 * @example const { tables } = await introspect(db);
 */
export function introspect(db: Executor): Promise<ExistingSchema> {
  return db.dialect === 'sqlite' ? introspectSqlite(db) : introspectPostgres(db);
}
