/**
 * SQL for a schema plan, per dialect: the only place column types and constraints are
 * spelled out.
 */
import type { DialectName } from '../database';
import type { ColumnPlan, IndexPlan, TablePlan } from './schema-plan';

const TYPES: Record<DialectName, Record<ColumnPlan['type'], string>> = {
  sqlite: {
    text: 'TEXT',
    integer: 'INTEGER',
    real: 'REAL',
    boolean: 'INTEGER',
    datetime: 'TEXT',
    json: 'TEXT',
  },
  postgres: {
    text: 'text',
    integer: 'bigint',
    real: 'double precision',
    boolean: 'boolean',
    datetime: 'timestamptz',
    json: 'jsonb',
  },
};

/** Quotes an identifier; names come from the checked spec, quoting keeps camelCase intact. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function literal(value: string | number | boolean, dialect: DialectName): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return dialect === 'sqlite' ? (value ? '1' : '0') : String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

function checkSql(table: string, col: ColumnPlan, dialect: DialectName): string | undefined {
  const c = col.check;
  const name = ident(col.name);
  const length = dialect === 'sqlite' ? `length(${name})` : `char_length(${name})`;
  const parts: string[] = [];
  if (c?.values) parts.push(`${name} IN (${c.values.map((v) => literal(v, dialect)).join(', ')})`);
  if (c?.minLength !== undefined) parts.push(`${length} >= ${c.minLength}`);
  if (c?.maxLength !== undefined) parts.push(`${length} <= ${c.maxLength}`);
  if (c?.min !== undefined) parts.push(`${name} >= ${c.min}`);
  if (c?.max !== undefined) parts.push(`${name} <= ${c.max}`);
  if (col.type === 'boolean' && dialect === 'sqlite') parts.push(`${name} IN (0, 1)`);
  if (parts.length === 0) return undefined;
  return `CONSTRAINT ${ident(`ck_${table}_${col.name}`)} CHECK (${name} IS NULL OR (${parts.join(' AND ')}))`;
}

/** A column's definition inside CREATE TABLE or ADD COLUMN. */
export function columnSql(table: string, col: ColumnPlan, dialect: DialectName): string {
  const parts = [ident(col.name), TYPES[dialect][col.type]];
  if (col.name === 'id') parts.push('PRIMARY KEY');
  if (col.notNull) parts.push('NOT NULL');
  if (col.default !== undefined) {
    const value =
      col.type === 'json' && dialect === 'postgres'
        ? `${literal(String(col.default), dialect)}::jsonb`
        : literal(col.default, dialect);
    parts.push(`DEFAULT ${value}`);
  }
  const check = checkSql(table, col, dialect);
  if (check) parts.push(check);
  return parts.join(' ');
}

/** CREATE TABLE for a plan. */
export function createTableSql(table: TablePlan, dialect: DialectName): string {
  const cols = table.columns.map((c) => `  ${columnSql(table.name, c, dialect)}`).join(',\n');
  return `CREATE TABLE ${ident(table.name)} (\n${cols}\n)`;
}

/** ALTER TABLE … ADD COLUMN; a NOT NULL column without a default is added nullable (rows exist). */
export function addColumnSql(table: string, col: ColumnPlan, dialect: DialectName): string {
  const safe = col.notNull && col.default === undefined ? { ...col, notNull: false } : col;
  return `ALTER TABLE ${ident(table)} ADD COLUMN ${columnSql(table, safe, dialect)}`;
}

/** CREATE INDEX for a plan. */
export function createIndexSql(table: string, index: IndexPlan): string {
  const cols = index.columns.map(ident).join(', ');
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${ident(index.name)} ON ${ident(table)} (${cols})`;
}

export { TYPES as COLUMN_TYPES };
