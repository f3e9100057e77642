/**
 * SQLite's column types and schema reading. It has no booleans (an integer, checked to be 0
 * or 1), no timestamps (ISO-8601 text, which sorts as time does) and cannot make a column NOT
 * NULL in place.
 */
import { sql } from 'kysely';
import type { Executor } from '../database';
import type { ExistingSchema, ExistingTable } from '../schema/introspect';
import type { SchemaDialect } from '../schema/schema-dialect';

const literal = (value: string | number | boolean): string =>
  typeof value === 'boolean'
    ? value
      ? '1'
      : '0'
    : typeof value === 'number'
      ? String(value)
      : `'${value.replaceAll("'", "''")}'`;

async function introspect(db: Executor): Promise<ExistingSchema> {
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

/**
 * @example sqliteSchema.types.boolean // 'INTEGER'
 */
export const sqliteSchema: SchemaDialect = {
  types: {
    text: 'TEXT',
    integer: 'INTEGER',
    real: 'REAL',
    boolean: 'INTEGER',
    datetime: 'TEXT',
    json: 'TEXT',
  },
  serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT',
  literal,
  defaultOf: (value) => literal(value),
  length: (column) => `length(${column})`,
  typeChecks: (column, name) => (column.type === 'boolean' ? [`${name} IN (0, 1)`] : []),
  setNotNull: (table, column) =>
    `-- SQLite cannot add NOT NULL to ${table}.${column}; the server enforces it`,
  reportedType: (type) => type,
  introspect,
};
