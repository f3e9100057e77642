/**
 * The core of files, as callers: an upload begun (its ledger row before its bytes), finished
 * (in one write: judged again, the file put into its field, the row ready) or aborted; a
 * file removed from its field; a file opened for download, judged by the record's and the
 * field's read rules. FOUNDATION STUB (core helper).
 */
import type { FileRef } from '@ninefold/spec';
import type { FileStore } from '../../files/file-store';
import type { Caller } from '../rules/rule-context';
import type { FileRow, PendingUpload, StoredUpload } from './file-types';

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
  /** Puts the stored file into its field in one write (judged again); answers it with its url. */
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

/** @example const files = fileCore(core, store); */
export function fileCore(_store: FileStore): FileCore {
  throw new Error('not built yet');
}
