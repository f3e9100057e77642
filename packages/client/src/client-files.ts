/**
 * The client's calls on files: upload into a record's file field (with progress), remove a
 * file, and download one. FOUNDATION STUB: the client helper implements these.
 */
import type { FileRef } from '@ninefold/spec';
import type { CallOptions } from './client-types';
import type { Transport } from './transport';

/** How far an upload has gone. */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** An upload's options: progress as the bytes leave, and a signal that aborts it. */
export interface UploadOptions extends CallOptions {
  readonly onProgress?: (progress: UploadProgress) => void;
}

/**
 * @example const { files } = fileCalls<typeof app>(http);
 */
export function fileCalls<A>(_http: Transport) {
  return {
    files: {
      /**
       * Uploads `file` into a file field of a record; answers the file with its url.
       * @example const ref = await client.files.upload('tickets', id, 'attachments', file, { onProgress: (p) => bar(p.loaded / p.total) });
       */
      upload: (
        _entity: string,
        _id: string,
        _field: string,
        _file: Blob & { readonly name?: string },
        _opts: UploadOptions = {},
      ): Promise<FileRef> => Promise.reject(new Error('not implemented')),
      /**
       * Removes a file from its field.
       * @example await client.files.remove('tickets', id, 'attachments', ref.id);
       */
      remove: (
        _entity: string,
        _id: string,
        _field: string,
        _fileId: string,
        _opts: CallOptions = {},
      ): Promise<void> => Promise.reject(new Error('not implemented')),
      /**
       * Downloads a file (its url, or its `FileRef`) as a Blob.
       * @example const blob = await client.files.download(ticket.attachments[0]);
       */
      download: (
        _file: FileRef | string,
        _opts: CallOptions & { readonly variant?: string } = {},
      ): Promise<Blob> => Promise.reject(new Error('not implemented')),
    },
  };
}
