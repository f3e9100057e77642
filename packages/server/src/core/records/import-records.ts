/**
 * Import: every row created exactly as `POST /api/entities/{entity}` creates a record
 * (`createRecord`: the spec's validation, the caller's create rules, references, quotas,
 * unique constraints, audit), with a report by row. `each` commits every row in its own
 * transaction; `all` runs every row in one transaction, each in a savepoint so that a
 * failing row is rolled back alone and the rows after it are still judged, then rolls the
 * whole back unless every row passed.
 */
import type { FieldError, ImportMode, ImportReport, ImportRowResult } from '@ninefold/spec';
import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database';
import { AppError, isAppError } from '../app-error';
import type { ChangeBus } from '../changes/change-bus';
import type { BusEvent } from '../changes/change-event';
import { grantsFor } from '../rules/access-rule';
import { RecordScope } from './record-scope';
import { createRecord } from './write-records';

export interface ImportOptions {
  readonly mode: ImportMode;
  /** How a refused row is reported: its catalogue code and failing fields (the HTTP layer's problem). */
  readonly describe: (error: AppError) => { code: string; errors?: readonly FieldError[] };
  /** Before each row is written (the write rate): a throw refuses the row, or in `all` the import. */
  readonly beforeRow?: () => void | Promise<void>;
  /** After each row is judged. */
  readonly progress?: (done: number, total: number) => void;
}

/** Where an import writes: the database, and the bus its committed changes are announced on. */
export interface ImportTarget {
  readonly db: Database;
  readonly bus: ChangeBus;
}

/** Thrown inside the `all` transaction to roll it back once a row failed. */
class RolledBack extends Error {}

/**
 * Imports `rows` into `entity` as the caller of `base`.
 * @example await importRecords(core.scope(caller), core, 'tickets', rows, { mode: 'all', describe })
 */
export async function importRecords(
  base: RecordScope,
  target: ImportTarget,
  entity: string,
  rows: readonly unknown[],
  options: ImportOptions,
): Promise<ImportReport> {
  base.entity(entity);
  // As a create: a role with no create grant at all is refused as a whole, before any row.
  if (!base.system && grantsFor(base.app, entity, base.role, 'create')?.length === 0)
    throw new AppError(base.caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  if (base.caller?.unverified) throw new AppError('EMAIL_NOT_VERIFIED');
  const on = (exec: Executor, events: BusEvent[]) =>
    new RecordScope(base.app, exec, base.caller, base.now, base.system, events);
  const results: ImportRowResult[] = [];
  const fail = (row: number, e: unknown): ImportRowResult => {
    if (!isAppError(e)) throw e;
    const { code, errors } = options.describe(e);
    return { row, status: 'failed', code, ...(errors && errors.length > 0 ? { errors } : {}) };
  };
  const step = (r: ImportRowResult) => {
    results.push(r);
    options.progress?.(results.length, rows.length);
  };

  if (options.mode === 'each') {
    for (const [i, data] of rows.entries()) {
      const events: BusEvent[] = [];
      try {
        await options.beforeRow?.();
        const record = await target.db.transaction(async (tx) => {
          const created = await createRecord(on(tx, events), entity, data);
          await target.bus.stage(tx, events);
          return created;
        });
        target.bus.committed(events);
        step({ row: i + 1, status: 'created', id: String(record.id) });
      } catch (e) {
        step(fail(i + 1, e));
      }
    }
    return report('each', results);
  }

  for (let i = 0; i < rows.length; i++) await options.beforeRow?.();
  const events: BusEvent[] = [];
  try {
    await target.db.transaction(async (tx) => {
      const scope = on(tx, events);
      for (const [i, data] of rows.entries()) {
        const staged = events.length;
        await tx.run(sql`savepoint nf_import_row`.compile(tx.qb));
        try {
          const record = await createRecord(scope, entity, data);
          await tx.run(sql`release savepoint nf_import_row`.compile(tx.qb));
          step({ row: i + 1, status: 'created', id: String(record.id) });
        } catch (e) {
          await tx.run(sql`rollback to savepoint nf_import_row`.compile(tx.qb));
          await tx.run(sql`release savepoint nf_import_row`.compile(tx.qb));
          events.length = staged;
          step(fail(i + 1, e));
        }
      }
      if (results.some((r) => r.status === 'failed')) throw new RolledBack();
      await target.bus.stage(tx, events);
    });
  } catch (e) {
    if (!(e instanceof RolledBack)) throw e;
    // Nothing was written: the rows that passed say so.
    return report(
      'all',
      results.map((r): ImportRowResult => (r.status === 'failed' ? r : { row: r.row, status: 'skipped' })),
    );
  }
  target.bus.committed(events);
  return report('all', results);
}

function report(mode: ImportMode, rows: readonly ImportRowResult[]): ImportReport {
  const count = (s: ImportRowResult['status']) => rows.filter((r) => r.status === s).length;
  return { mode, total: rows.length, created: count('created'), failed: count('failed'), rows };
}
