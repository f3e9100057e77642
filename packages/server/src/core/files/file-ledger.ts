/**
 * The ledger's rows (`nf_files`): written `uploading` before a file's bytes are, `ready` in
 * the write that puts the file into its record, `removing` in the write that takes it out,
 * and deleted only once its bytes are gone. Every query of the table is here.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import type { FileRow } from './file-types';

type Status = FileRow['status'];

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));

function fileRow(r: Record<string, unknown>): FileRow {
  return {
    id: String(r.id),
    entity: String(r.entity),
    recordId: String(r.recordId),
    field: String(r.field),
    key: String(r.key),
    name: String(r.name),
    size: Number(r.size),
    type: String(r.type),
    status: String(r.status) as Status,
    ownerId: r.ownerId === null || r.ownerId === undefined ? null : String(r.ownerId),
    role: String(r.role),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/**
 * Writes a new row (an upload begun).
 * @example await insertFileRow(db, { ...row, status: 'uploading' });
 */
export async function insertFileRow(exec: Executor, row: FileRow): Promise<void> {
  await exec.run(exec.qb.insertInto('nf_files').values({ ...row }));
}

/** The row of a file, or null. */
export async function fileRowById(exec: Executor, id: string): Promise<FileRow | null> {
  const [r] = await exec.all(exec.qb.selectFrom('nf_files').selectAll().where('id', '=', id));
  return r ? fileRow(r) : null;
}

/**
 * An upload's row made `ready`, with what its bytes turned out to be; false when it was not
 * `uploading` any more (a sweep took it).
 */
export async function readyFileRow(
  exec: Executor,
  id: string,
  file: { readonly name: string; readonly size: number; readonly type: string },
  now: Date,
): Promise<boolean> {
  const n = await exec.run(
    exec.qb
      .updateTable('nf_files')
      .set({ ...file, status: 'ready', updatedAt: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'uploading'),
  );
  return n === 1;
}

/**
 * Marks files `removing` (gone from their record, or never put into one); answers the rows
 * that were not already.
 */
export async function markRemoving(exec: Executor, ids: readonly string[], now: Date): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  const rows = await exec.all(
    exec.qb
      .selectFrom('nf_files')
      .selectAll()
      .where('id', 'in', [...ids])
      .where('status', '!=', 'removing'),
  );
  if (rows.length === 0) return [];
  await exec.run(
    exec.qb
      .updateTable('nf_files')
      .set({ status: 'removing', updatedAt: now.toISOString() })
      .where(
        'id',
        'in',
        rows.map((r) => String(r.id)),
      ),
  );
  return rows.map((r) => ({ ...fileRow(r), status: 'removing' as const }));
}

/**
 * Marks `removing` the held files of fields the spec no longer has as file fields (a field
 * or an entity removed, or made something else): nothing names them any more, and a quota
 * must stop counting them. Answers how many.
 * @example await releaseDroppedFields(db, (entity, field) => isFileField(app.entities[entity]?.fields[field]), now);
 */
export async function releaseDroppedFields(
  exec: Executor,
  isFileFieldNow: (entity: string, field: string) => boolean,
  now: Date,
): Promise<number> {
  const held = await exec.all<{ entity: string; field: string }>(
    exec.qb.selectFrom('nf_files').select(['entity', 'field']).distinct().where('status', '!=', 'removing'),
  );
  let released = 0;
  for (const { entity, field } of held) {
    if (isFileFieldNow(entity, field)) continue;
    released += await exec.run(
      exec.qb
        .updateTable('nf_files')
        .set({ status: 'removing', updatedAt: now.toISOString() })
        .where('entity', '=', entity)
        .where('field', '=', field)
        .where('status', '!=', 'removing'),
    );
  }
  return released;
}

/** Deletes a row whose bytes are gone. */
export async function deleteFileRow(exec: Executor, id: string): Promise<void> {
  await exec.run(exec.qb.deleteFrom('nf_files').where('id', '=', id));
}

/**
 * Rows whose bytes should go: every `removing` one, and `uploading` ones last touched
 * before `before` (abandoned uploads).
 */
export async function sweepableRows(exec: Executor, before: Date, limit = 500): Promise<FileRow[]> {
  const rows = await exec.all(
    sql`select * from nf_files where status = 'removing'
      or (status = 'uploading' and ${sql.ref('updatedAt')} < ${before.toISOString()})
      order by ${sql.ref('updatedAt')} limit ${limit}`.compile(exec.qb),
  );
  return rows.map((r) => fileRow(r as Record<string, unknown>));
}

/** What the bytes a storage quota counts are chosen by. */
export interface UsageScope {
  /** One owner's files (`per: 'owner'`). */
  readonly ownerId?: string;
  /** Files uploaded acting as one of these roles. */
  readonly roles?: readonly string[];
  /** Files of this entity only. */
  readonly entity?: string;
}

/**
 * The bytes of the files a quota counts: those held in records (`ready`). An upload under
 * way counts once it is finished — its finish is where the quota is checked, under a lock.
 */
export async function usedBytes(exec: Executor, scope: UsageScope): Promise<number> {
  let q = exec.qb
    .selectFrom('nf_files')
    .select(sql<number>`coalesce(sum(size), 0)`.as('n'))
    .where('status', '=', 'ready');
  if (scope.ownerId !== undefined) q = q.where('ownerId', '=', scope.ownerId);
  if (scope.roles) q = q.where('role', 'in', [...scope.roles]);
  if (scope.entity) q = q.where('entity', '=', scope.entity);
  const [row] = await exec.all<{ n: number | string }>(q);
  return Number(row?.n ?? 0);
}

/** An upload still under way marked `removing` (aborted, or abandoned); false when it was not under way. */
export async function abandonUpload(exec: Executor, id: string, now: Date): Promise<boolean> {
  const n = await exec.run(
    exec.qb
      .updateTable('nf_files')
      .set({ status: 'removing', updatedAt: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'uploading'),
  );
  if (n === 1) return true;
  const row = await fileRowById(exec, id);
  return row?.status === 'removing';
}
