/**
 * What the database holds now: tables, their columns (type, nullability) and index names,
 * as each dialect reads them (`SchemaDialect.introspect`).
 */
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

/**
 * Reads the current schema.
 * @example const { tables } = await introspect(db);
 */
export function introspect(db: Executor): Promise<ExistingSchema> {
  return db.dialect.schema.introspect(db);
}
