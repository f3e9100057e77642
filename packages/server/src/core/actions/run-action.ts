/**
 * Custom actions: input validated against the action's schema, its `who` rule checked, then
 * its handler run inside one transaction with a record store that acts as the caller — it
 * reads what REST would show the caller, records and fields alike — and its result checked
 * against the declared output (check-output.ts). A throw anywhere undoes every write the
 * handler made, and its audit entries with them.
 */
import type { ActionContext, AnyRecord, RecordStore, StoreListQuery, Where } from '@ninefold/spec';
import { validateFields, whereQuery } from '@ninefold/spec';
import { sql } from 'kysely';
import { actionSchedule } from '../../jobs/action-schedule';
import { actionMail } from '../../mail/action-mail';
import { AppError } from '../app-error';
import { writeAudit } from '../audit/audit-log';
import { aggregateRecords, checkAggregate } from '../records/aggregate-records';
import { isReadable, project } from '../records/answer';
import type { Filter } from '../records/list-query';
import { countRecords, listConditions, listRecords, readListQuery } from '../records/list-records';
import type { RecordScope } from '../records/record-scope';
import { runTransition } from '../records/run-transition';
import { checkReferences, throwIssues } from '../records/write-checks';
import { createRecord, deleteRecord, updateRecord } from '../records/write-records';
import { checkOutput } from './check-output';
import { serialWrites, type WriteGuard } from './serial-writes';

/**
 * A `Where` as the list query string it means (`whereQuery`, its relative values worked out
 * for this caller and moment), read by the list's own parser.
 */
function whereToQuery(scope: RecordScope, where: Where | undefined): Record<string, string> {
  try {
    return whereQuery(where, scope.rules);
  } catch (e) {
    throw new AppError('MALFORMED_REQUEST', { reason: (e as Error).message });
  }
}

/**
 * A RecordStore over one scope: the same code paths as the REST API, so it reads what REST
 * answers the scope's caller — the records their read rule allows, each cut to the fields
 * they may read on it (all of them for a system scope); `guard` runs each write. `countBy`
 * groups only by a field every readable record shows, as list filters do; `aggregate` is
 * `GET …/aggregate`.
 * @example const records = recordStore(scope, serialWrites(scope.exec, scope.events));
 */
export function recordStore(scope: RecordScope, guard: WriteGuard = (write) => write()): RecordStore {
  const filters = (entity: string, where?: Where): Filter[] =>
    readListQuery(scope, entity, whereToQuery(scope, where)).filters as Filter[];
  const page = async (entity: string, q: StoreListQuery & { cursor?: string } = {}) => {
    const max = scope.app.limits.pageSize.max;
    // Refused, not cut: a handler that asked for more would otherwise miss records unawares.
    if (q.limit !== undefined && q.limit > max)
      throw new AppError('MALFORMED_REQUEST', {
        reason: `limit may be at most ${max}: page on with page().`,
      });
    const query = {
      ...whereToQuery(scope, q.where),
      ...(q.sort ? { sort: q.sort } : {}),
      ...(q.limit !== undefined ? { limit: String(q.limit) } : {}),
      ...(q.cursor ? { cursor: q.cursor } : {}),
    };
    const { items, nextCursor } = await listRecords(scope, entity, readListQuery(scope, entity, query));
    return { items: items as AnyRecord[], nextCursor };
  };
  return {
    get: async (entity, id) => {
      const row = await scope.load(entity, id);
      if (!row || !(await scope.may('read', entity, row))) return null;
      // A copy even when every field is readable: the row is the scope's cached one.
      const shown = await project(scope, entity, row);
      return (shown === row ? { ...row } : shown) as AnyRecord;
    },
    list: async (entity, q = {}) => (await page(entity, q)).items,
    page,
    aggregate: (entity, q) =>
      aggregateRecords(scope, entity, checkAggregate(scope, entity, q, filters(entity, q.where))),
    count: (entity, where) => countRecords(scope, entity, filters(entity, where)),
    countBy: async (entity, field, where) => {
      const narrowed = filters(entity, where);
      // Grouping by a field the caller may not read, on every record it counts, would tell its
      // values: as if it did not exist.
      const known = Object.hasOwn(scope.entity(entity).fields, field);
      if (!known || !isReadable(scope.readableFields(entity), field)) throw new AppError('NOT_FOUND');
      const conditions = listConditions(scope, entity, narrowed);
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
 * Runs an action as the caller, inside the caller's transaction, and returns its output; in a
 * system scope, as the system (no caller, `records` reads and writes everything).
 * @example await runAction(scope, 'ticketStats', {})
 */
export async function runAction(scope: RecordScope, name: string, input: unknown): Promise<unknown> {
  const action = Object.hasOwn(scope.app.actions, name) ? scope.app.actions[name] : undefined;
  if (!action) throw new AppError('NOT_FOUND');
  // The system (a trigger, a schedule, a queued job) runs any action; `who` is for people.
  const who = action.who[scope.role];
  if (!scope.system && (!who || !(await scope.holds(who, '', null))))
    throw new AppError(scope.caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  const result = validateFields(action.input, input ?? {}, { mode: 'input' });
  if (!result.ok) throwIssues(result.issues);
  const value = (result as { value: Record<string, unknown> }).value;
  // References in the input name records the caller may read, like any write's.
  await checkReferences(scope, action.input, value);
  const guard = serialWrites(scope.exec, scope.events);
  const mail = actionMail(scope.app, scope.exec, scope.now, guard);
  const jobs = actionSchedule(scope.app, scope.exec, scope.now, guard);
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
    send: mail.send,
    schedule: jobs.schedule,
  };
  let answered: unknown;
  try {
    answered = await action.handler(ctx as never);
  } catch (error) {
    // Every mail's insert ends before the transaction rolls back; the handler's error is the answer.
    await mail.settled().catch(() => {});
    await jobs.settled().catch(() => {});
    throw error;
  }
  await mail.settled();
  await jobs.settled();
  const output = checkOutput(name, action.output, answered);
  await writeAudit(scope.exec, scope.caller, scope.now, {
    entity: '',
    recordId: '',
    operation: 'action',
    name,
  });
  return output;
}
