/**
 * The core of files, as callers: an upload begun (its ledger row before its bytes), finished
 * (in one write: judged again, the file put into its field, the row ready) or aborted; a
 * file removed from its field; a file opened for download, judged by the record's and the
 * field's read rules; the sweep of bytes no record holds.
 */
import {
  type App,
  acceptsType,
  DEFAULT_FILE_BYTES,
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_PIXELS,
  type FileRef,
  isFileField,
  type StoredFile,
} from '@ninefold/spec';
import type { Database } from '../../db/database';
import type { FileStore } from '../../files/file-store';
import { safeName } from '../../files/safe-name';
import { AppError } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import type { Caller } from '../rules/rule-context';
import { uuid7 } from '../uuid7';
import { storedFiles } from './file-fields';
import { fileTypeRefused, tooManyFiles } from './file-issues';
import {
  abandonUpload,
  fileRowById,
  insertFileRow,
  readyFileRow,
  releaseDroppedFields,
  sweepableRows,
} from './file-ledger';
import type { FileLinks } from './file-links';
import { linkCaller, readableFile } from './file-open';
import { removeBytes } from './file-removal';
import type { FileRow, PendingUpload, StoredUpload } from './file-types';
import { writableFileField, writeFileField } from './file-write';
import { checkStorage } from './storage-quotas';

/** How long an upload may stay unfinished before `sweep()` takes it for abandoned, by default. */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/** Where a download is asked for, and by which credential (a url's token, or the session). */
export interface FileAddress {
  readonly entity: string;
  readonly id: string;
  readonly field: string;
  readonly fileId: string;
  /** The url's `?token=`; without one the request's caller is judged. */
  readonly token?: string;
}

/** The file calls of the core (`core.files`). */
export interface FileCore {
  readonly store: FileStore;
  /** Signs and reads the download links. */
  readonly links: FileLinks;
  /**
   * Checks the caller may write the field on the record now, and that its count and the
   * caller's storage quotas leave room; writes the `uploading` row.
   * @example const pending = await core.files.begin(caller, 'tickets', id, 'attachments', 'shot.png');
   */
  begin(
    caller: Caller | null,
    entity: string,
    id: string,
    field: string,
    name: string | undefined,
  ): Promise<PendingUpload>;
  /**
   * Puts the stored file into its field in one write (judged again, its type, the count and
   * the quotas checked with its size); answers it with its url. On any failure the upload is
   * aborted (its row and bytes go) and the error thrown.
   */
  finish(caller: Caller | null, pending: PendingUpload, stored: StoredUpload): Promise<FileRef>;
  /** The bytes did not arrive whole, or were refused: the row and whatever was stored go. */
  abort(pending: PendingUpload): Promise<void>;
  /** Removes a file from its field as the caller (the bytes go after the commit). */
  remove(caller: Caller | null, entity: string, id: string, field: string, fileId: string): Promise<void>;
  /** The file at `address` if its caller may read it now: NOT_FOUND otherwise, INVALID_TOKEN for a bad or expired token. */
  open(caller: Caller | null, address: FileAddress): Promise<FileRow>;
  /** Removes the bytes of files gone from their records, and uploads abandoned past `graceMs`. */
  sweep(graceMs?: number): Promise<{ readonly removed: number }>;
}

/** What the file core works with: the core's own pieces. */
export interface FileCoreSetup {
  readonly app: App;
  readonly db: Database;
  readonly store: FileStore;
  readonly links: FileLinks;
  readonly now: () => Date;
  readonly scope: (caller: Caller | null) => RecordScope;
  readonly write: <T>(caller: Caller | null, fn: (s: RecordScope) => Promise<T>) => Promise<T>;
}

/**
 * @example const files = fileCore({ app, db, store, links, now, scope, write });
 */
/** Whether `field` of `entity` is a file field of the app (now). */
function isFileFieldOf(app: App, entity: string, field: string): boolean {
  const node = Object.hasOwn(app.entities, entity) ? app.entities[entity] : undefined;
  const f = node && Object.hasOwn(node.fields, field) ? node.fields[field] : undefined;
  return f !== undefined && isFileField(f);
}

export function fileCore(setup: FileCoreSetup): FileCore {
  const { app, db, store, links, now, scope, write } = setup;

  const abort = async (pending: PendingUpload): Promise<void> => {
    // Only an upload still under way is taken: a finished one is its record's now.
    await abandonUpload(db, pending.id, now());
    const row = await fileRowById(db, pending.id);
    // Swept while its bytes were still arriving: its row is gone, and nothing else would
    // ever find the bytes that landed after (a regression: they stayed for good).
    if (!row) await store.remove(pending.key).catch(() => {});
    // Bytes that cannot be removed now are found again by the sweep (the row stays `removing`).
    else if (row.status === 'removing') await removeBytes(store, db, row).catch(() => {});
  };

  return {
    store,
    links,
    async begin(caller, entity, id, field, name) {
      if (caller?.unverified) throw new AppError('EMAIL_NOT_VERIFIED');
      const s = scope(caller);
      const { record, spec } = await writableFileField(s, entity, id, field);
      const max = spec.type === 'files' ? (spec.max ?? DEFAULT_MAX_FILES) : 1;
      if (spec.type === 'files' && storedFiles(record[field]).length >= max)
        throw tooManyFiles(field, spec, max);
      await checkStorage(s, entity, 0);
      const at = now();
      const fileId = uuid7(at.getTime());
      const kept = safeName(name);
      await insertFileRow(db, {
        id: fileId,
        entity,
        recordId: id,
        field,
        key: fileId,
        name: kept,
        size: 0,
        type: '',
        status: 'uploading',
        ownerId: caller?.id ?? null,
        role: s.role,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      });
      return {
        id: fileId,
        key: fileId,
        entity,
        recordId: id,
        field,
        label: spec.label,
        name: kept,
        maxBytes: spec.maxBytes ?? DEFAULT_FILE_BYTES,
        accept: spec.accept,
        maxPixels: spec.maxPixels ?? DEFAULT_MAX_PIXELS,
      };
    },
    async finish(caller, pending, stored) {
      const { entity, recordId: id, field } = pending;
      try {
        return await write(caller, async (s) => {
          if (stored.size > pending.maxBytes)
            throw new AppError('PAYLOAD_TOO_LARGE', { max: pending.maxBytes });
          const { record, spec } = await writableFileField(s, entity, id, field, true);
          if (!acceptsType(spec.accept, stored.type)) throw fileTypeRefused(field, spec);
          // The file a single-file field's upload replaces leaves the quota as this one enters
          // it (a regression: replacing a file near the quota was refused).
          const replaced = spec.type === 'file' ? storedFiles(record[field])[0] : undefined;
          const replacedRow = replaced ? await fileRowById(s.exec, replaced.id) : null;
          const freed = replacedRow && replacedRow.ownerId === (caller?.id ?? null) ? replacedRow.size : 0;
          // Under a lock on the owner (or the role's quota): two finishes cannot pass it together.
          await checkStorage(s, entity, stored.size, true, freed);
          const row = await fileRowById(s.exec, pending.id);
          if (row?.status !== 'uploading' || row.ownerId !== (caller?.id ?? null))
            throw new AppError('NOT_FOUND');
          const file: StoredFile = {
            id: pending.id,
            name: safeName(pending.name),
            size: stored.size,
            type: stored.type,
          };
          let value: unknown = file;
          if (spec.type === 'files') {
            const held = storedFiles(record[field]);
            const max = spec.max ?? DEFAULT_MAX_FILES;
            if (held.length >= max) throw tooManyFiles(field, spec, max);
            value = [...held, file];
          }
          await writeFileField(s, entity, record, field, value);
          if (!(await readyFileRow(s.exec, file.id, file, s.now))) throw new AppError('NOT_FOUND');
          return { ...file, url: links.url(entity, id, field, file.id, caller, s.now) };
        });
      } catch (e) {
        await abort(pending);
        throw e;
      }
    },
    abort,
    async remove(caller, entity, id, field, fileId) {
      await write(caller, async (s) => {
        const { record, spec } = await writableFileField(s, entity, id, field, true);
        const held = storedFiles(record[field]);
        if (!held.some((f) => f.id === fileId)) throw new AppError('NOT_FOUND');
        const value = spec.type === 'files' ? held.filter((f) => f.id !== fileId) : null;
        await writeFileField(s, entity, record, field, value);
      });
    },
    async open(caller, address) {
      let who = caller;
      if (address.token !== undefined) {
        const at = now();
        const claims = await links.verify(address.token, address.fileId, at);
        // A link is its person's: a request signed in as someone else does not borrow it
        // (an agent's link pasted into a customer's browser opens nothing there).
        if (caller && caller.id !== claims.userId) throw new AppError('NOT_FOUND');
        who = await linkCaller(db, app, claims, at);
      }
      return readableFile(scope(who), address.entity, address.id, address.field, address.fileId);
    },
    async sweep(graceMs = UPLOAD_GRACE_MS) {
      let removed = 0;
      await releaseDroppedFields(db, (entity, field) => isFileFieldOf(app, entity, field), now());
      for (;;) {
        const at = now();
        const rows = await sweepableRows(db, new Date(at.getTime() - graceMs));
        let failed = 0;
        for (const row of rows) {
          // An abandoned upload is taken first, so a finish still under way fails rather than
          // putting into a record a file whose bytes are going.
          if (row.status === 'uploading' && !(await abandonUpload(db, row.id, at))) continue;
          try {
            await removeBytes(store, db, row);
            removed++;
          } catch {
            // One file the store will not let go of must not hold up every other: it stays
            // `removing` for the next sweep (a regression: the first failure stopped the sweep).
            failed++;
          }
        }
        if (rows.length < 500 || failed === rows.length) return { removed };
      }
    },
  };
}
