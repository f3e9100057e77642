/**
 * What schema sync needs to know of a dialect: how a planned column is spelled, what the
 * database holds now, and what it cannot change in place. `schema-sql.ts` and
 * `sync-schema.ts` write one statement for both; the differences are answered here.
 */
import type { Executor } from '../database';
import type { ExistingSchema } from './introspect';
import type { ColumnPlan, ColumnType } from './schema-plan';

export interface SchemaDialect {
  /** The SQL type of each planned column type. */
  readonly types: Readonly<Record<ColumnType, string>>;
  /** The primary key of `nf_migrations`: a number that grows with each migration. */
  readonly serialKey: string;
  /**
   * A literal value in DDL (a default, an enum's values).
   * @example schema.literal(true) // '1' on SQLite, 'true' on PostgreSQL
   */
  literal(value: string | number | boolean): string;
  /** A column's default value, cast where the column's type needs it. */
  defaultOf(value: string | number | boolean, type: ColumnType): string;
  /** The length of a text column in characters. */
  length(column: string): string;
  /** Checks a column of this type needs beyond the plan's (a boolean stored as an integer). */
  typeChecks(column: ColumnPlan, name: string): readonly string[];
  /**
   * The statement that makes an existing column required, or a `--` comment where the
   * dialect cannot (the server then enforces it).
   */
  setNotNull(table: string, column: string): string;
  /** The planned spelling of a type the database reports (its long names folded). */
  reportedType(type: string): string;
  /**
   * Reads the tables, columns and indexes there are now.
   * @example const { tables } = await db.dialect.schema.introspect(db);
   */
  introspect(exec: Executor): Promise<ExistingSchema>;
}
