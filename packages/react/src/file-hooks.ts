/**
 * The hooks of files: upload into a record's file field with its progress on screen, and
 * remove a file. Either refreshes every cached query of the entity once it is done (the
 * record's field, its version and `$can` change on the server, and a list may show the
 * files), and the quotas a storage limit counts against.
 */
import type {
  AppErrorOf,
  FileEntityName,
  FileFieldName,
  FileRef,
  NinefoldClient,
  UploadProgress,
} from '@ninefold/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { keys } from './query-keys';

/** What `useUploadFile().mutate` takes: a record's file field, the file, and who to tell how far it went. */
export type UploadFileInput<A> = {
  [E in FileEntityName<A>]: {
    readonly entity: E;
    readonly id: string;
    readonly field: FileFieldName<A, E>;
    /** A `File` (its name is kept), or any Blob. */
    readonly file: Blob & { readonly name?: string };
    readonly onProgress?: (progress: UploadProgress) => void;
    /** Aborts the upload: the mutation fails with the signal's reason. */
    readonly signal?: AbortSignal;
  };
}[FileEntityName<A>];

/** What `useRemoveFile().mutate` takes: the file's record, field and id. */
export type RemoveFileInput<A> = {
  [E in FileEntityName<A>]: {
    readonly entity: E;
    readonly id: string;
    readonly field: FileFieldName<A, E>;
    readonly fileId: string;
  };
}[FileEntityName<A>];

/**
 * @example const { useUploadFile, useRemoveFile } = fileHooks<typeof app>(useClient);
 */
export function fileHooks<A>(useClient: () => NinefoldClient<A>) {
  type Err = AppErrorOf<A>;
  const settle = async (qc: ReturnType<typeof useQueryClient>, entity: string) => {
    await qc.invalidateQueries({ queryKey: keys.entity(entity) });
    await qc.invalidateQueries({ queryKey: keys.quotas() });
  };
  return {
    /**
     * Uploads one file at a time; `progress` goes from 0 to 1 as the bytes leave (in a
     * browser; elsewhere it jumps to 1 at the end) and stays where an upload stopped. On
     * success the record's queries are read again, its field holding the new file.
     * @example
     * const upload = useUploadFile();
     * <input type="file" onChange={(e) => upload.mutate({ entity: 'tickets', id, field: 'attachments', file: e.target.files![0]! })} />
     * {upload.isPending && <progress value={upload.progress} />}
     * {upload.error?.fieldErrors.map((f) => <p key={f.code}>{f.message}</p>)}
     */
    useUploadFile() {
      const client = useClient();
      const qc = useQueryClient();
      const [progress, setProgress] = useState(0);
      // Only the latest upload moves the bar: an earlier one still finishing says nothing.
      const latest = useRef(0);
      const mutation = useMutation<FileRef, Err, UploadFileInput<A>>({
        mutationFn: ({ entity, id, field, file, onProgress, signal }) => {
          const run = ++latest.current;
          setProgress(0);
          return client.files.upload(entity, id, field as never, file, {
            ...(signal ? { signal } : {}),
            onProgress: (p) => {
              if (run === latest.current) setProgress(p.total > 0 ? p.loaded / p.total : 1);
              onProgress?.(p);
            },
          });
        },
        onSuccess: (_ref, { entity }) => settle(qc, entity),
      });
      return { ...mutation, progress };
    },

    /**
     * Removes a file from its record's field; the record's queries are read again after.
     * @example const remove = useRemoveFile(); remove.mutate({ entity: 'tickets', id, field: 'attachments', fileId: file.id });
     */
    useRemoveFile() {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<void, Err, RemoveFileInput<A>>({
        mutationFn: ({ entity, id, field, fileId }) =>
          client.files.remove(entity, id, field as never, fileId),
        onSuccess: (_v, { entity }) => settle(qc, entity),
      });
    },
  };
}
