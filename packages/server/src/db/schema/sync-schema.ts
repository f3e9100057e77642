/**
 * Brings the database to the spec on start. Additive changes (new tables, columns, indexes)
 * apply themselves and are recorded in `nf_migrations`; destructive ones (a dropped or
 * retyped column, a column that becomes required) are refused with a clear message unless
 * `allowDestructive` is set (`ninefold migrate --allow-destructive`).
 */
import type { App } from '@ninefold/spec';
import { sql } from 'kysely';
import type { Database, DialectName, Executor } from '../database';
import { type ExistingColumn, introspect } from './introspect';
import { type ColumnPlan, planSchema } from './schema-plan';
import { addColumnSql, COLUMN_TYPES, createIndexSql, createTableSql, ident } from './schema-sql';

export interface SchemaChange {
  readonly sql: string;
  readonly description: string;
  readonly destructive: boolean;
}

/** Thrown when the spec needs a destructive change that was not allowed. */
export class DestructiveChangeError extends Error {
  constructor(readonly changes: readonly SchemaChange[]) {
    super(
      `The spec needs destructive schema changes:\n${changes.map((c) => `  - ${c.description}`).join('\n')}\n` +
        'Nothing was changed. Run `ninefold migrate <app> --allow-destructive` to apply them.',
    );
    this.name = 'DestructiveChangeError';
  }
}

const MIGRATIONS = 'nf_migrations';

function migrationsTableSql(dialect: DialectName): string {
  const id = dialect === 'sqlite' ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'bigserial PRIMARY KEY';
  return `CREATE TABLE IF NOT EXISTS ${MIGRATIONS} (id ${id}, "appliedAt" text NOT NULL, description text NOT NULL, statements text NOT NULL)`;
}

function sameType(existing: ExistingColumn, planned: ColumnPlan, dialect: DialectName): boolean {
  const want = COLUMN_TYPES[dialect][planned.type].toLowerCase();
  const pgAliases: Record<string, string> = { 'timestamp with time zone': 'timestamptz' };
  return (pgAliases[existing.type] ?? existing.type) === want;
}

/**
 * The changes that would bring the database to the spec, without applying them.
 * @example const changes = await planChanges(db, app);
 */
export async function planChanges(db: Executor, app: App): Promise<SchemaChange[]> {
  const existing = await introspect(db);
  const changes: SchemaChange[] = [];
  const add = (sqlText: string, description: string, destructive = false) =>
    changes.push({ sql: sqlText, description, destructive });
  const planned = planSchema(app);
  for (const table of planned) {
    const current = existing.tables.get(table.name);
    if (!current) {
      add(createTableSql(table, db.dialect), `create table ${table.name}`);
    } else {
      for (const col of table.columns) {
        const have = current.columns.get(col.name);
        if (!have) add(addColumnSql(table.name, col, db.dialect), `add column ${table.name}.${col.name}`);
        else if (!sameType(have, col, db.dialect)) {
          add(
            `ALTER TABLE ${ident(table.name)} DROP COLUMN ${ident(col.name)};\n${addColumnSql(table.name, col, db.dialect)}`,
            `retype column ${table.name}.${col.name} from ${have.type} to ${COLUMN_TYPES[db.dialect][col.type]} (its values are lost)`,
            true,
          );
        } else if (col.notNull && !have.notNull && col.name !== 'id') {
          add(
            db.dialect === 'postgres'
              ? `ALTER TABLE ${ident(table.name)} ALTER COLUMN ${ident(col.name)} SET NOT NULL`
              : `-- SQLite cannot add NOT NULL to ${table.name}.${col.name}; the server enforces it`,
            `make column ${table.name}.${col.name} required (rows without a value would fail)`,
            true,
          );
        }
      }
      const plannedCols = new Set(table.columns.map((c) => c.name));
      for (const name of current.columns.keys()) {
        if (!plannedCols.has(name)) {
          add(
            `ALTER TABLE ${ident(table.name)} DROP COLUMN ${ident(name)}`,
            `drop column ${table.name}.${name} (its values are lost)`,
            true,
          );
        }
      }
    }
    for (const index of table.indexes) {
      if (!existing.indexes.has(index.name))
        add(createIndexSql(table.name, index), `create index ${index.name}`);
    }
  }
  // An index of ours the spec no longer plans goes: an index led by a filter but not ending
  // in the list's sort lets the planner pick it and sort every match (the slow path). Only
  // `ix_` indexes of the app's own entity tables; dropping one loses no data.
  const plannedIndexes = new Set(planned.flatMap((t) => t.indexes.map((i) => i.name)));
  const entityTables = new Set(Object.keys(app.entities));
  for (const [index, table] of existing.indexTables) {
    if (index.startsWith('ix_') && entityTables.has(table) && !plannedIndexes.has(index))
      add(`DROP INDEX ${ident(index)}`, `drop index ${index} (no list or lookup needs it)`);
  }
  return changes;
}

/**
 * Applies the changes the spec needs and records them; refuses destructive ones unless allowed.
 * @example await syncSchema(db, app); // on start
 */
export async function syncSchema(
  db: Database,
  app: App,
  options: { allowDestructive?: boolean } = {},
): Promise<SchemaChange[]> {
  return db.transaction(async (tx) => {
    // Several processes may start together on one PostgreSQL database: one plans and applies.
    if (tx.dialect === 'postgres') await tx.all(sql`select pg_advisory_xact_lock(7310)`.compile(tx.qb));
    await tx.run(sql.raw(migrationsTableSql(tx.dialect)).compile(tx.qb));
    const changes = await planChanges(tx, app);
    if (changes.length === 0) return [];
    const destructive = changes.filter((c) => c.destructive);
    if (destructive.length > 0 && !options.allowDestructive) throw new DestructiveChangeError(destructive);
    for (const change of changes) {
      for (const statement of change.sql.split(';\n')) {
        if (!statement.startsWith('--')) await tx.run(sql.raw(statement).compile(tx.qb));
      }
    }
    await tx.run(
      tx.qb.insertInto(MIGRATIONS).values({
        appliedAt: new Date().toISOString(),
        description: changes.map((c) => c.description).join('; '),
        statements: changes.map((c) => c.sql).join(';\n'),
      }),
    );
    return changes;
  });
}
