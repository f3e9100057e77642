/**
 * PostgreSQL's column types and schema reading: real booleans, `timestamptz`, `jsonb`, and
 * NOT NULL added in place (it fails, and nothing changes, while a row lacks the value).
 */
import { sql } from 'kysely';
import type { Executor } from '../database';
import type { ExistingSchema, ExistingTable } from '../schema/introspect';
import type { SchemaDialect } from '../schema/schema-dialect';
import { ident } from '../schema/schema-sql';

const literal = (value: string | number | boolean): string =>
  typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);

// information_schema spells some types out; the plan uses the short names.
const ALIASES: Readonly<Record<string, string>> = { 'timestamp with time zone': 'timestamptz' };

async function introspect(db: Executor): Promise<ExistingSchema> {
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
 * @example postgresSchema.types.datetime // 'timestamptz'
 */
export const postgresSchema: SchemaDialect = {
  types: {
    text: 'text',
    integer: 'bigint',
    real: 'double precision',
    boolean: 'boolean',
    datetime: 'timestamptz',
    json: 'jsonb',
  },
  serialKey: 'bigserial PRIMARY KEY',
  literal,
  defaultOf: (value, type) => (type === 'json' ? `${literal(String(value))}::jsonb` : literal(value)),
  length: (column) => `char_length(${column})`,
  typeChecks: () => [],
  setNotNull: (table, column) => `ALTER TABLE ${ident(table)} ALTER COLUMN ${ident(column)} SET NOT NULL`,
  reportedType: (type) => ALIASES[type] ?? type,
  introspect,
};
