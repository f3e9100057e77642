/**
 * The shapes the file core and the HTTP routes share: an upload between its row and its
 * bytes, and a file as its ledger row holds it.
 */
import type { StoredFile } from '@ninefold/spec';

/** A file's ledger row (`nf_files`). */
export interface FileRow extends StoredFile {
  readonly entity: string;
  readonly recordId: string;
  readonly field: string;
  /** Its key in the store. */
  readonly key: string;
  readonly status: 'uploading' | 'ready' | 'removing';
  readonly ownerId: string | null;
  readonly role: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * An upload the caller may make, its ledger row written (`uploading`) before any byte is:
 * what the route streams the bytes to, then finishes or aborts.
 */
export interface PendingUpload {
  readonly id: string;
  readonly key: string;
  readonly entity: string;
  readonly recordId: string;
  readonly field: string;
  /** The field's label, for the words of its issues. */
  readonly label?: string | undefined;
  /** The name to keep, made safe. */
  readonly name: string;
  /** The field's limits, from the spec (defaults applied). */
  readonly maxBytes: number;
  readonly accept: readonly string[] | undefined;
  readonly maxPixels: number;
}

/** What the bytes turned out to be, once stored. */
export interface StoredUpload {
  readonly size: number;
  /** Decided from the content. */
  readonly type: string;
}
