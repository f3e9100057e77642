/**
 * A file field written as the caller: judged as an update naming that field would be, and
 * stored by the very path a PATCH takes (`applyUpdate`: grants before and after, guards,
 * validation rules, a new version, an audit entry and a change event), so realtime, history,
 * triggers, webhooks and notifications hear of it like any update. Files a write takes out go
 * after the commit (file-removal.ts).
 */
import { type FileField, type FilesField, isFileField } from '@ninefold/spec';
import { AppError } from '../app-error';
import { mayUpdateField } from '../records/answer';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { applyUpdate, refuse, refuseSignedOut } from '../records/write-records';

/**
 * The record, when the caller may write its file field `field` now: NOT_FOUND for an
 * unknown entity, a field that holds no files, or a record they cannot read; FORBIDDEN (or
 * UNAUTHENTICATED) when an update of the field would be refused (`$can.update`'s question).
 * `lock` takes the record's row lock (inside a write).
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
  refuseSignedOut(scope, entity, 'update');
  const record = await scope.readable(entity, id, lock);
  if (!(await mayUpdateField(scope, entity, record, field))) refuse(scope);
  return { record, spec };
}

/**
 * Stores `value` in the file field of `before` (read under its row lock) as an update by the
 * caller. Answers the record as stored.
 * @example const after = await writeFileField(scope, 'tickets', before, 'attachments', [...files, file]);
 */
export function writeFileField(
  scope: RecordScope,
  entity: string,
  before: Rec,
  field: string,
  value: unknown,
): Promise<Rec> {
  return applyUpdate(scope, entity, before, { [field]: value });
}
