/**
 * Brings the database to the spec on start. Additive changes (new tables, columns, indexes)
 * apply themselves and are recorded in `nf_migrations`; destructive ones (a dropped or
 * retyped column, a column that becomes required) are refused with a clear message unless
 * `allowDestructive` is set (`ninefold migrate --allow-destructive`).
 */
import type { App } from '@ninefold/spec';
import { sql } from 'kysely';
import type { Database, Executor } from '../database';
import { frameworkIndexes } from './framework-indexes';
import { type ExistingColumn, introspect } from './introspect';
import type { SchemaDialect } from './schema-dialect';
import { type ColumnPlan, planSchema } from './schema-plan';
import { addColumnSql, createIndexSql, createTableSql, ident } from './schema-sql';
import { planSearchChanges } from './search-index';

export interface SchemaChange {
  readonly sql: string;
  readonly description: string;
  readonly destructive: boolean;
  /** The unique declaration a new index enforces: rows that already clash fail it by name. */
  readonly constraint?: { readonly table: string; readonly name: string; readonly fields: readonly string[] };
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

/** Thrown when records already stored break a unique declaration the spec adds or changes. */
export class UniqueConflictError extends Error {
  constructor(readonly constraint: NonNullable<SchemaChange['constraint']>) {
    super(
      `The unique constraint '${constraint.name}' of ${constraint.table} cannot be created: records already stored ` +
        `share its fields (${constraint.fields.join(', ')}) where it applies.\nNothing was changed. ` +
        'Change or remove the clashing records (or the declaration), then start again.',
    );
    this.name = 'UniqueConflictError';
  }
}

const MIGRATIONS = 'nf_migrations';

/** Schema sync's lock: processes starting together on one database plan and apply in turn. */
const SCHEMA_LOCK = 7310;

function migrationsTableSql(schema: SchemaDialect): string {
  return `CREATE TABLE IF NOT EXISTS ${MIGRATIONS} (id ${schema.serialKey}, "appliedAt" text NOT NULL, description text NOT NULL, statements text NOT NULL)`;
}

function sameType(existing: ExistingColumn, planned: ColumnPlan, schema: SchemaDialect): boolean {
  return schema.reportedType(existing.type) === schema.types[planned.type].toLowerCase();
}

/**
 * The changes that would bring the database to the spec, without applying them.
 * @example const changes = await planChanges(db, app);
 */
export async function planChanges(db: Executor, app: App): Promise<SchemaChange[]> {
  const existing = await introspect(db);
  const { schema } = db.dialect;
  const changes: SchemaChange[] = [];
  const add = (sqlText: string, description: string, destructive = false, more: Partial<SchemaChange> = {}) =>
    changes.push({ sql: sqlText, description, destructive, ...more });
  const planned = planSchema(app);
  // Search indexes go before the columns change (a trigger naming a column blocks its drop on
  // SQLite) and are made after them.
  const search = await planSearchChanges(db, app);
  changes.push(...search.drops);
  for (const table of planned) {
    const current = existing.tables.get(table.name);
    if (!current) {
      add(createTableSql(table, schema), `create table ${table.name}`);
    } else {
      for (const col of table.columns) {
        const have = current.columns.get(col.name);
        if (!have) add(addColumnSql(table.name, col, schema), `add column ${table.name}.${col.name}`);
        else if (!sameType(have, col, schema)) {
          add(
            `ALTER TABLE ${ident(table.name)} DROP COLUMN ${ident(col.name)};\n${addColumnSql(table.name, col, schema)}`,
            `retype column ${table.name}.${col.name} from ${have.type} to ${schema.types[col.type]} (its values are lost)`,
            true,
          );
        } else if (col.notNull && !have.notNull && col.name !== 'id') {
          add(
            schema.setNotNull(table.name, col.name),
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
      if (existing.indexes.has(index.name)) continue;
      if (index.constraint)
        add(
          createIndexSql(table.name, index, schema),
          `create unique constraint ${table.name}.${index.constraint} (index ${index.name})`,
          false,
          { constraint: { table: table.name, name: index.constraint, fields: index.columns } },
        );
      else add(createIndexSql(table.name, index, schema), `create index ${index.name}`);
    }
  }
  changes.push(...search.creates);
  // An index we made that the spec no longer plans goes: one led by a filter but not ending
  // in the list's sort lets the planner pick it and sort every match (the slow path). Only
  // indexes our own migrations created (frameworkIndexes): an operator's index, `ix_` or
  // not, is never touched. Dropping one loses no data.
  const ours = existing.tables.has(MIGRATIONS) ? await frameworkIndexes(db, MIGRATIONS) : new Set<string>();
  const plannedIndexes = new Set(planned.flatMap((t) => t.indexes.map((i) => i.name)));
  const entityTables = new Set(Object.keys(app.entities));
  for (const [index, table] of existing.indexTables) {
    if (ours.has(index) && entityTables.has(table) && !plannedIndexes.has(index))
      add(
        `DROP INDEX ${ident(index)}`,
        `drop index ${index} on ${table} (created by Ninefold for a sort, filter or lookup the spec no longer declares)`,
      );
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
    // Several processes may start together on one database: one plans and applies.
    await tx.dialect.lockKey(tx, SCHEMA_LOCK);
    await tx.run(sql.raw(migrationsTableSql(tx.dialect.schema)).compile(tx.qb));
    const changes = await planChanges(tx, app);
    if (changes.length === 0) return [];
    const destructive = changes.filter((c) => c.destructive);
    if (destructive.length > 0 && !options.allowDestructive) throw new DestructiveChangeError(destructive);
    for (const change of changes) {
      // A constraint's WHERE may hold any literal, `;` and newlines too: it is one statement.
      const statements = change.constraint ? [change.sql] : change.sql.split(';\n');
      for (const statement of statements) {
        if (statement.startsWith('--')) continue;
        try {
          await tx.run(sql.raw(statement).compile(tx.qb));
        } catch (e) {
          // The transaction rolls back whole: no table, column or index of this sync stays.
          if (change.constraint && tx.dialect.classify(e) === 'unique')
            throw new UniqueConflictError(change.constraint);
          throw e;
        }
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
