/**
 * A file field written as the caller: judged as an update naming that field would be (the
 * caller's update grants that hold for the record, its update guards — `$can.update` — and
 * its validation rules), then stored as an update of the record: a new version, an audit
 * entry and a change event, so realtime, history, triggers, webhooks and notifications hear
 * of it like any update. Files a write takes out go after the commit (file-removal.ts).
 */
import { type FileField, type FilesField, isFileField } from '@ninefold/spec';
import { AppError } from '../app-error';
import { diff, writeAudit } from '../audit/audit-log';
import { mayUpdateField } from '../records/answer';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { checkValidationRules } from '../records/write-checks';
import { storeVersion } from '../records/write-records';
import { grantsFor } from '../rules/access-rule';

/** Signed in and refused (FORBIDDEN), or signed out (UNAUTHENTICATED), as a refused update is. */
export function refused(scope: RecordScope): AppError {
  return new AppError(scope.caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
}

/**
 * The record, when the caller may write its file field `field` now: NOT_FOUND for an
 * unknown entity, a field that holds no files, or a record they cannot read; FORBIDDEN (or
 * UNAUTHENTICATED) when an update of the field would be refused. `lock` takes the record's
 * row lock (inside a write).
 * @example const { record, spec } = await writableFileField(scope, 'tickets', id, 'attachments');
 */
export async function writableFileField(
  scope: RecordScope,
  entity: string,
  id: string,
  field: string,
  lock = false,
): Promise<{ readonly record: Rec; readonly spec: FileField | FilesField }> {
  const node = scope.entity(entity);
  const spec = Object.hasOwn(node.fields, field) ? node.fields[field] : undefined;
  if (!spec || !isFileField(spec)) throw new AppError('NOT_FOUND');
  // Signed out with no update grant at all: "sign in", before any record is looked at (write-records.ts).
  if (!scope.caller && !scope.system && grantsFor(scope.app, entity, scope.role, 'update')?.length === 0)
    throw refused(scope);
  const record = await scope.readable(entity, id, lock);
  if (!(await mayUpdateField(scope, entity, record, field))) throw refused(scope);
  return { record, spec };
}

/**
 * Stores `value` in the file field of `before` as an update by the caller, judged again on
 * the record as written. Answers the record as stored.
 * @example const after = await writeFileField(scope, 'tickets', before, 'attachments', [...files, file]);
 */
export async function writeFileField(
  scope: RecordScope,
  entity: string,
  before: Rec,
  field: string,
  value: unknown,
): Promise<Rec> {
  const id = String(before.id);
  const after: Rec = {
    ...before,
    [field]: value,
    updatedAt: scope.now.toISOString(),
    version: Number(before.version) + 1,
  };
  if (!(await mayUpdateField(scope, entity, after, field))) throw refused(scope);
  await checkValidationRules(scope, entity, 'update', after, new Set([field]));
  await storeVersion(scope, entity, before, after);
  scope.changed({ entity, id, op: 'update', before, after });
  await writeAudit(scope.exec, scope.caller, scope.now, {
    entity,
    recordId: id,
    operation: 'update',
    changes: diff(before, after),
  });
  return after;
}
