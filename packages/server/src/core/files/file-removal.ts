/**
 * Files that leave their records: whatever write takes a file id out of a file field — a
 * file removed or replaced, a record deleted (a cascade's too) — marks its ledger row
 * `removing` in that write's transaction and queues a job that removes the bytes after the
 * commit (retried, one per file); the row goes once the bytes have. One place for all of it,
 * run by `automate` at the end of every write.
 */
import type { App } from '@ninefold/spec';
import type { FileStore } from '../../files/file-store';
import { enqueueJob } from '../../jobs/job-queue';
import type { JobContext } from '../../jobs/job-types';
import type { ChangeEvent } from '../changes/change-event';
import type { RecordScope } from '../records/record-scope';
import { fileFieldsOf, storedFiles } from './file-fields';
import { deleteFileRow, fileRowById, markRemoving } from './file-ledger';
import type { FileRow } from './file-types';

const HAS_FILES = new WeakMap<App, boolean>();

/**
 * Whether any entity of the app has a file field (an app without pays nothing here).
 * @example if (hasFileFields(app)) await dropRemovedFiles(scope, batch);
 */
export function hasFileFields(app: App): boolean {
  let has = HAS_FILES.get(app);
  if (has === undefined) {
    has = Object.values(app.entities).some((e) => fileFieldsOf(e).length > 0);
    HAS_FILES.set(app, has);
  }
  return has;
}

/** The file ids a record holds in its file fields. */
function heldIds(fields: readonly string[], record: Readonly<Record<string, unknown>> | null): Set<string> {
  const ids = new Set<string>();
  if (record) for (const f of fields) for (const file of storedFiles(record[f])) ids.add(file.id);
  return ids;
}

/**
 * Marks `removing` the files the changes took out of their records, and queues their removal.
 * @example await dropRemovedFiles(scope, batch); // automate, inside the write
 */
export async function dropRemovedFiles(scope: RecordScope, changes: readonly ChangeEvent[]): Promise<void> {
  const dropped: string[] = [];
  for (const e of changes) {
    const node = scope.app.entities[e.entity];
    const fields = node ? fileFieldsOf(node) : [];
    if (fields.length === 0 || !e.before) continue;
    const after = heldIds(fields, e.after);
    for (const id of heldIds(fields, e.before)) if (!after.has(id)) dropped.push(id);
  }
  if (dropped.length === 0) return;
  for (const row of await markRemoving(scope.exec, dropped, scope.now)) await queueRemoval(scope, row);
}

/**
 * Queues the removal of a `removing` file's bytes (one job per file: its key is the file's).
 * @example await queueRemoval(scope, row);
 */
export async function queueRemoval(scope: RecordScope, row: FileRow): Promise<void> {
  await enqueueJob(
    scope.exec,
    {
      kind: 'file',
      name: 'remove',
      key: `file:${row.id}`,
      payload: { id: row.id },
      runAt: scope.now,
      entity: row.entity,
      recordId: row.recordId,
    },
    scope.now,
  );
}

/**
 * Removes a file's bytes, its variants, then its row — in that order, so a crash between
 * leaves a row that finds what is left. A row not `removing` (gone already, or put back) is left be.
 * @example await removeBytes(store, db, row);
 */
export async function removeBytes(
  store: FileStore,
  exec: Parameters<typeof deleteFileRow>[0],
  row: FileRow,
): Promise<void> {
  await store.remove(row.key);
  for await (const v of store.list(`variants/${row.key}/`)) await store.remove(v.key);
  await deleteFileRow(exec, row.id);
}

/**
 * The job of kind `file`: the bytes of one file gone from its record.
 * @example JOB_HANDLERS.file = removeFileJob;
 */
export async function removeFileJob({ job, core }: JobContext): Promise<void> {
  const row = await fileRowById(core.db, String(job.payload.id));
  if (row?.status !== 'removing') return;
  await removeBytes(core.files.store, core.db, row);
}
