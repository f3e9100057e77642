/**
 * Create, update and delete, each inside the caller's transaction: access, validation,
 * references, rules, quotas, the write itself and its audit entry commit together or not at all.
 */
import { type GrantNode, validateFields } from '@ninefold/spec';
import { guardAdmins } from '../accounts/admin-guard';
import { endUserSessions } from '../accounts/sessions';
import { AppError } from '../app-error';
import { diff, writeAudit } from '../audit/audit-log';
import { grantFields, grantsFor } from '../rules/access-rule';
import { uuid7 } from '../uuid7';
import { answer } from './answer';
import { lockGuardParents } from './guard-locks';
import type { RecordScope } from './record-scope';
import { newRemoval, removeRecords } from './remove-records';
import { encodeValues, type Rec } from './row-codec';
import { storeError } from './store-error';
import {
  applyComputed,
  applyDefaults,
  checkQuotas,
  checkReferences,
  checkValidationRules,
  quotaRows,
  referencedRows,
  throwIssues,
  validationRules,
} from './write-checks';

/** Refuses a write the caller's role has no grant for: signed out, or not allowed. */
export function refuse(scope: RecordScope): never {
  throw new AppError(scope.caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
}

/** Signed out, with no grant for anonymous: UNAUTHENTICATED before any record is looked at. */
export function refuseSignedOut(scope: RecordScope, entity: string, op: 'update' | 'delete'): void {
  // An unknown entity is NOT_FOUND for everyone, as a read of it is: checked first.
  scope.entity(entity);
  if (!scope.caller && !scope.system && grantsFor(scope.app, entity, scope.role, op)?.length === 0) {
    throw new AppError('UNAUTHENTICATED');
  }
}

function writableFor(
  scope: RecordScope,
  entity: string,
  op: 'create' | 'update',
): readonly string[] | undefined {
  if (scope.system) return undefined;
  const grants = grantsFor(scope.app, entity, scope.role, op);
  if (grants !== undefined && grants.length === 0) refuse(scope);
  const fields = grantFields(grants);
  return fields ? [...fields] : undefined;
}

/** Some grant must allow every written field, judged on the record before and after. */
async function checkWriteGrants(
  scope: RecordScope,
  entity: string,
  op: 'create' | 'update',
  keys: string[],
  before: Rec | null,
  after: Rec,
) {
  if (scope.system) return;
  const grants = grantsFor(scope.app, entity, scope.role, op);
  if (grants === undefined) return;
  const applicable: GrantNode[] = [];
  for (const g of grants) {
    if (
      (before === null || (await scope.holds(g.where, entity, before))) &&
      (await scope.holds(g.where, entity, after))
    ) {
      applicable.push(g);
    }
  }
  const covered = (k: string) => applicable.some((g) => !g.fields || g.fields.includes(k));
  if (applicable.length === 0 || !keys.every(covered)) refuse(scope);
}

/**
 * Creates a record as the caller.
 * @example await createRecord(scope, 'tickets', { subject: 'Printer on fire', description: '…' })
 */
export async function createRecord(scope: RecordScope, entity: string, data: unknown): Promise<Rec> {
  const node = scope.entity(entity);
  const writable = writableFor(scope, entity, 'create');
  const result = validateFields(node.fields, data, { mode: 'create', ...(writable ? { writable } : {}) });
  if (!result.ok) throwIssues(result.issues);
  const values = (result as { value: Rec }).value;
  const keys = Object.keys(data as object);
  const now = scope.now.toISOString();
  const record: Rec = {
    id: uuid7(scope.now.getTime()),
    createdAt: now,
    updatedAt: now,
    version: 1,
    ...values,
  };
  applyDefaults(scope, entity, record);
  applyComputed(scope, entity, record);
  // Every row this write locks, in one order, before any is taken: no two writes wait on each other.
  await lockGuardParents(
    scope,
    entity,
    validationRules(node, 'create'),
    [record],
    [...referencedRows(node.fields, values), ...quotaRows(scope, entity, record)],
  );
  await checkReferences(scope, node.fields, values, false);
  await checkWriteGrants(scope, entity, 'create', keys, null, record);
  await checkValidationRules(scope, entity, 'create', record, new Set(keys));
  await checkQuotas(scope, entity, record);
  try {
    await scope.exec.run(scope.exec.qb.insertInto(entity).values(encodeValues(node, record)));
  } catch (e) {
    throw storeError(scope.app, entity, e, scope.exec.dialect, record);
  }
  scope.changed({ entity, id: String(record.id), op: 'create', before: null, after: record });
  await writeAudit(scope.exec, scope.caller, scope.now, {
    entity,
    recordId: String(record.id),
    operation: 'create',
    changes: diff({}, record),
    ...(node.states ? { toState: String(record[node.states.field]) } : {}),
  });
  return answer(scope, entity, record);
}

/** Writes a new version of a record if nobody else has since `before.version`. */
export async function storeVersion(
  scope: RecordScope,
  entity: string,
  before: Rec,
  after: Rec,
): Promise<void> {
  const node = scope.entity(entity);
  const changes = diff(before, after);
  const values = encodeValues(node, Object.fromEntries(Object.keys(changes).map((k) => [k, after[k]])));
  let n: number;
  try {
    n = await scope.exec.run(
      scope.exec.qb
        .updateTable(entity)
        .set({ ...values, updatedAt: after.updatedAt, version: after.version })
        .where('id', '=', before.id)
        .where('version', '=', before.version),
    );
  } catch (e) {
    throw storeError(scope.app, entity, e, scope.exec.dialect, after);
  }
  if (n !== 1) throw new AppError('VERSION_MISMATCH');
  scope.forget(entity, String(before.id));
}

/** Answers VERSION_MISMATCH when `If-Match` names a version other than the stored one. */
export function checkVersion(record: Rec, ifMatch: number | undefined): void {
  if (ifMatch !== undefined && ifMatch !== record.version) throw new AppError('VERSION_MISMATCH');
}

/**
 * Updates fields of a record as the caller.
 * @example await updateRecord(scope, 'tickets', id, { priority: 'high' }, 3)
 */
export async function updateRecord(
  scope: RecordScope,
  entity: string,
  id: string,
  patch: unknown,
  ifMatch?: number,
): Promise<Rec> {
  const node = scope.entity(entity);
  refuseSignedOut(scope, entity, 'update');
  const before = await scope.readable(entity, id, true);
  checkVersion(before, ifMatch);
  const writable = writableFor(scope, entity, 'update');
  const result = validateFields(node.fields, patch, { mode: 'update', ...(writable ? { writable } : {}) });
  if (!result.ok) throwIssues(result.issues);
  return answer(scope, entity, await applyUpdate(scope, entity, before, (result as { value: Rec }).value));
}

/**
 * Writes `values` (already validated) onto `before`, read under its row lock, as the caller's
 * update: the grants that hold before and after must cover every field, then guards, rules
 * and quotas, a new version, the audit entry and the change event. Answers the record as
 * stored (`before` when nothing changed). An upload's file field is written through it too.
 * @example const after = await applyUpdate(scope, 'tickets', before, { attachments: [...files, file] });
 */
export async function applyUpdate(
  scope: RecordScope,
  entity: string,
  before: Rec,
  values: Rec,
): Promise<Rec> {
  const node = scope.entity(entity);
  const id = String(before.id);
  const keys = Object.keys(values);
  const after: Rec = {
    ...before,
    ...values,
    updatedAt: scope.now.toISOString(),
    version: Number(before.version) + 1,
  };
  applyComputed(scope, entity, after);
  const changed = new Set(keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])));
  // A patch that changes nothing writes nothing: no new version, no audit entry, no event.
  if (changed.size === 0) {
    await checkWriteGrants(scope, entity, 'update', keys, before, before);
    return before;
  }
  const written = Object.fromEntries([...changed].map((k) => [k, values[k]]));
  // Every row this write locks, in one order, before any is taken: two writes moving children
  // between the same parents in opposite directions would otherwise wait on each other.
  await lockGuardParents(
    scope,
    entity,
    validationRules(node, 'update'),
    [before, after],
    [...referencedRows(node.fields, written), ...quotaRows(scope, entity, after, before)],
  );
  await checkReferences(scope, node.fields, written, false);
  await checkWriteGrants(scope, entity, 'update', keys, before, after);
  await checkValidationRules(scope, entity, 'update', after, changed);
  // A record moved to another key, or into what a quota counts, takes a place in that count.
  await checkQuotas(scope, entity, after, before);
  if (entity === 'users') await guardAdmins(scope, id, before, after);
  await storeVersion(scope, entity, before, after);
  // A new role or a disabled account takes effect at once: its sessions end with this commit.
  if (entity === 'users' && (changed.has('role') || changed.has('disabled')))
    await endUserSessions(scope.exec, id);
  scope.changed({ entity, id, op: 'update', before, after });
  await writeAudit(scope.exec, scope.caller, scope.now, {
    entity,
    recordId: id,
    operation: 'update',
    changes: diff(before, after),
  });
  return after;
}

/**
 * Deletes a record as the caller; references to it cascade, are cleared, or block it, to any
 * depth (remove-records.ts). Its delete rules (`validate: [{ on: ['delete'], … }]`) must hold,
 * and so must those of every record a cascade takes with it: a failing one refuses the whole
 * delete with its code.
 * @example await deleteRecord(scope, 'tickets', id)
 */
export async function deleteRecord(
  scope: RecordScope,
  entity: string,
  id: string,
  ifMatch?: number,
): Promise<void> {
  refuseSignedOut(scope, entity, 'delete');
  const before = await scope.readable(entity, id, true);
  checkVersion(before, ifMatch);
  if (!(await scope.may('delete', entity, before))) refuse(scope);
  const removal = newRemoval();
  await removeRecords(scope, entity, [before], removal);
  // Parents before the records that went with them, so realtime can still judge each by the
  // parent it had; then the records whose reference emptied.
  for (const d of removal.deleted)
    scope.changed({ entity: d.entity, id: String(d.row.id), op: 'delete', before: d.row, after: null });
  for (const c of removal.cleared)
    scope.changed({
      entity: c.entity,
      id: String(c.after.id),
      op: 'update',
      before: c.before,
      after: c.after,
    });
  // The rows the delete took with it, or changed, are writes of the caller's too: each gets
  // its own entry, so a record's history shows why it went or why its reference emptied.
  for (const d of removal.deleted)
    await writeAudit(scope.exec, scope.caller, scope.now, {
      entity: d.entity,
      recordId: String(d.row.id),
      operation: 'delete',
      changes: d.row === before ? diff(before, {}) : {},
    });
  for (const c of removal.cleared)
    await writeAudit(scope.exec, scope.caller, scope.now, {
      entity: c.entity,
      recordId: String(c.after.id),
      operation: 'update',
      changes: diff(c.before ?? {}, c.after),
    });
}
