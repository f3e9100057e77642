/**
 * The client's calls on files: upload into a record's file field (with progress as the
 * bytes leave), remove a file, download one. Every call goes through the transport — its
 * base url, token, cookie and problem → error mapping — and in a browser an upload rides
 * XMLHttpRequest under it, which alone reports upload progress.
 */
import type { FileRef } from '@ninefold/spec';
import type { CallOptions } from './client-types';
import type { FileEntityName, FileFieldName } from './file-field-name';
import { multipartFile } from './file-multipart';
import { xhrFetch } from './file-xhr-fetch';
import { createTransport, type Transport, type TransportOptions } from './transport';

/** How far an upload has gone, in the file's own bytes. */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** An upload's options: progress as the bytes leave, and a signal that aborts it. */
export interface UploadOptions extends CallOptions {
  /** Called as the bytes leave (a browser), or once when all went up (no XMLHttpRequest). */
  readonly onProgress?: (progress: UploadProgress) => void;
}

/** A download's options: an image variant the field declares (`thumb`) instead of the file. */
export interface DownloadOptions extends CallOptions {
  readonly variant?: string;
}

const enc = encodeURIComponent;

/**
 * The `files` calls of a client. With a `fetch` of its own (a test kit's, a wrapper), an
 * upload uses it; else, where XMLHttpRequest exists, XMLHttpRequest.
 * @example const { files } = fileCalls<typeof app>(http);
 */
export function fileCalls<A>(http: Transport, options: Pick<TransportOptions, 'fetch'> = {}) {
  const path = (entity: string, id: string, field: string) =>
    `/api/entities/${enc(entity)}/${enc(id)}/files/${enc(field)}`;
  return {
    files: {
      /**
       * Uploads `file` (a `File`'s name is kept) into a file field of a record; answers the
       * file with its url. A many-files field gains it; a one-file field's file is replaced.
       * @example const ref = await client.files.upload('tickets', id, 'attachments', file, { onProgress: (p) => bar(p.loaded / p.total) });
       */
      upload: async <E extends FileEntityName<A>>(
        entity: E,
        id: string,
        field: FileFieldName<A, E>,
        file: Blob & { readonly name?: string },
        opts: UploadOptions = {},
      ): Promise<FileRef> => {
        const { type, body } = multipartFile(file);
        const size = file.size;
        const report = (loaded: number) => opts.onProgress?.({ loaded, total: size });
        const t =
          typeof XMLHttpRequest === 'function' && !options.fetch
            ? createTransport({
                url: http.base,
                token: http.token,
                fetch: xhrFetch((sent, total) => report(Math.round((sent / total) * size))),
              })
            : http;
        // The transport sends `rawBody.text` as it is: here a Blob, never read into memory.
        const ref = await t.request<FileRef>('POST', path(entity, id, field), {
          rawBody: { type, text: body },
          signal: opts.signal,
        });
        report(size);
        return ref;
      },
      /**
       * Removes a file from its field.
       * @example await client.files.remove('tickets', id, 'attachments', ref.id);
       */
      remove: <E extends FileEntityName<A>>(
        entity: E,
        id: string,
        field: FileFieldName<A, E>,
        fileId: string,
        opts: CallOptions = {},
      ): Promise<void> =>
        http.request<void>('DELETE', `${path(entity, id, field)}/${enc(fileId)}`, { signal: opts.signal }),
      /**
       * Downloads a file (its `FileRef`, or its url as the server gave it: a path under the
       * client's `url`) as a Blob typed as the server served it.
       * @example const thumb = await client.files.download(ticket.attachments[0]!, { variant: 'thumb' });
       */
      download: async (file: FileRef | string, opts: DownloadOptions = {}): Promise<Blob> => {
        let url = typeof file === 'string' ? file : file.url;
        if (opts.variant) url += `${url.includes('?') ? '&' : '?'}variant=${enc(opts.variant)}`;
        return (await http.request<Response>('GET', url, { raw: true, signal: opts.signal })).blob();
      },
    },
  };
}
