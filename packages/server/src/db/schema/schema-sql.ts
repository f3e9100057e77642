/**
 * SQL for a schema plan: one statement shape for every dialect, its types, literals and
 * checks spelled by the dialect's `SchemaDialect`.
 */
import { indexWhereSql } from './index-where-sql';
import type { SchemaDialect } from './schema-dialect';
import type { ColumnPlan, IndexPlan, TablePlan } from './schema-plan';

/** Quotes an identifier; names come from the checked spec, quoting keeps camelCase intact. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function checkSql(table: string, col: ColumnPlan, schema: SchemaDialect): string | undefined {
  const c = col.check;
  const name = ident(col.name);
  const length = schema.length(name);
  const parts: string[] = [];
  if (c?.values) parts.push(`${name} IN (${c.values.map((v) => schema.literal(v)).join(', ')})`);
  if (c?.minLength !== undefined) parts.push(`${length} >= ${c.minLength}`);
  if (c?.maxLength !== undefined) parts.push(`${length} <= ${c.maxLength}`);
  if (c?.min !== undefined) parts.push(`${name} >= ${c.min}`);
  if (c?.max !== undefined) parts.push(`${name} <= ${c.max}`);
  parts.push(...schema.typeChecks(col, name));
  if (parts.length === 0) return undefined;
  return `CONSTRAINT ${ident(`ck_${table}_${col.name}`)} CHECK (${name} IS NULL OR (${parts.join(' AND ')}))`;
}

/**
 * A column's definition inside CREATE TABLE or ADD COLUMN.
 * @example columnSql('tickets', { name: 'open', type: 'boolean', notNull: true }, db.dialect.schema)
 */
export function columnSql(table: string, col: ColumnPlan, schema: SchemaDialect): string {
  const parts = [ident(col.name), schema.types[col.type]];
  if (col.name === 'id') parts.push('PRIMARY KEY');
  if (col.notNull) parts.push('NOT NULL');
  if (col.default !== undefined) parts.push(`DEFAULT ${schema.defaultOf(col.default, col.type)}`);
  const check = checkSql(table, col, schema);
  if (check) parts.push(check);
  return parts.join(' ');
}

/**
 * CREATE TABLE for a plan.
 * @example await db.exec(createTableSql(planSchema(app)[0], db.dialect.schema));
 */
export function createTableSql(table: TablePlan, schema: SchemaDialect): string {
  const cols = table.columns.map((c) => `  ${columnSql(table.name, c, schema)}`).join(',\n');
  return `CREATE TABLE ${ident(table.name)} (\n${cols}\n)`;
}

/**
 * ALTER TABLE … ADD COLUMN; a NOT NULL column without a default is added nullable (rows exist).
 * @example addColumnSql('tickets', column, db.dialect.schema)
 */
export function addColumnSql(table: string, col: ColumnPlan, schema: SchemaDialect): string {
  const safe = col.notNull && col.default === undefined ? { ...col, notNull: false } : col;
  return `ALTER TABLE ${ident(table)} ADD COLUMN ${columnSql(table, safe, schema)}`;
}

/**
 * CREATE INDEX for a plan; a partial one's WHERE is written in the dialect's literals.
 * @example createIndexSql('tickets', { name: 'ix_tickets_status', columns: ['status'], unique: false }, schema)
 */
export function createIndexSql(table: string, index: IndexPlan, schema: SchemaDialect): string {
  const cols = index.columns.map(ident).join(', ');
  const where = index.where
    ? ` WHERE ${indexWhereSql(index.where.rule, index.where.stateField, schema)}`
    : '';
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${ident(index.name)} ON ${ident(table)} (${cols})${where}`;
}
