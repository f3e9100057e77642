/**
 * Custom actions: input validated against the action's schema, its `who` rule checked, then
 * its handler run inside one transaction with a record store that acts as the caller. A
 * throw anywhere undoes every write the handler made, and its audit entries with them.
 */
import type { ActionContext, AnyRecord, RecordStore, Where } from '@ninefold/spec';
import { validateFields } from '@ninefold/spec';
import { sql } from 'kysely';
import { AppError } from '../app-error';
import { writeAudit } from '../audit/audit-log';
import type { Filter } from '../records/list-query';
import { countRecords, listConditions, listRecords, readListQuery } from '../records/list-records';
import type { RecordScope } from '../records/record-scope';
import { runTransition } from '../records/run-transition';
import { checkReferences, throwIssues } from '../records/write-checks';
import { createRecord, deleteRecord, updateRecord } from '../records/write-records';
import { serialWrites, type WriteGuard } from './serial-writes';

function whereToQuery(where: Where | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(where ?? {}).map(([k, v]) =>
      Array.isArray(v) ? [`${k}[in]`, v.join(',')] : [k, String(v)],
    ),
  );
}

/** A RecordStore over one scope: the same code paths as the REST API; `guard` runs each write. */
export function recordStore(scope: RecordScope, guard: WriteGuard = (write) => write()): RecordStore {
  const filters = (entity: string, where?: Where): Filter[] =>
    readListQuery(scope, entity, whereToQuery(where)).filters as Filter[];
  return {
    get: async (entity, id) => {
      const row = await scope.load(entity, id);
      return row && (await scope.may('read', entity, row)) ? (row as AnyRecord) : null;
    },
    list: async (entity, q = {}) => {
      const query = {
        ...whereToQuery(q.where),
        ...(q.sort ? { sort: q.sort } : {}),
        ...(q.limit ? { limit: String(q.limit) } : {}),
      };
      return (await listRecords(scope, entity, readListQuery(scope, entity, query))).items as AnyRecord[];
    },
    count: (entity, where) => countRecords(scope, entity, filters(entity, where)),
    countBy: async (entity, field, where) => {
      if (!Object.hasOwn(scope.entity(entity).fields, field)) throw new AppError('NOT_FOUND');
      const conditions = listConditions(scope, entity, filters(entity, where));
      const cond = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const col = sql.ref(`t.${field}`);
      const rows = await scope.exec.all<{ k: unknown; n: number }>(
        sql`select ${col} as k, count(*) as n from ${sql.table(entity)} as t ${cond} group by ${col}`.compile(
          scope.exec.qb,
        ),
      );
      return Object.fromEntries(rows.map((r) => [String(r.k), Number(r.n)]));
    },
    create: (entity, data) => guard(async () => (await createRecord(scope, entity, data)) as AnyRecord),
    update: (entity, id, patch, o) =>
      guard(async () => (await updateRecord(scope, entity, id, patch, o?.version)) as AnyRecord),
    transition: (entity, id, name, input) =>
      guard(async () => (await runTransition(scope, entity, id, name, input ?? {})) as AnyRecord),
    delete: (entity, id) => guard(() => deleteRecord(scope, entity, id)),
  };
}

/**
 * Runs an action as the caller, inside the caller's transaction, and returns its output.
 * @example await runAction(scope, 'ticketStats', {})
 */
export async function runAction(scope: RecordScope, name: string, input: unknown): Promise<unknown> {
  const action = Object.hasOwn(scope.app.actions, name) ? scope.app.actions[name] : undefined;
  if (!action) throw new AppError('NOT_FOUND');
  const who = action.who[scope.role];
  if (!who || !(await scope.holds(who, '', null)))
    throw new AppError(scope.caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  const result = validateFields(action.input, input ?? {}, { mode: 'input' });
  if (!result.ok) throwIssues(result.issues);
  const value = (result as { value: Record<string, unknown> }).value;
  // References in the input name records the caller may read, like any write's.
  await checkReferences(scope, action.input, value);
  const guard = serialWrites(scope.exec, scope.events);
  const ctx: ActionContext<Record<string, unknown>> = {
    input: value,
    caller: scope.caller,
    now: scope.now,
    records: recordStore(scope, guard),
    elevated: recordStore(scope.on(scope.exec, true), guard),
    constants: Object.fromEntries(Object.entries(scope.app.constants).map(([k, c]) => [k, c.value])),
    fail: (code, params) => {
      throw new AppError(code, params ?? {});
    },
  };
  const output = await action.handler(ctx as never);
  await writeAudit(scope.exec, scope.caller, scope.now, {
    entity: '',
    recordId: '',
    operation: 'action',
    name,
  });
  return output;
}
