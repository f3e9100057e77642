/**
 * Uploads into a record's file field, one after another (a many-files field keeps upload
 * order), each with its progress as the bytes leave and, when refused, the server's reason
 * in the catalogue's words. A finished upload leaves the list of uploads; the record's own
 * list of files shows it from then on (its queries are refreshed).
 */
import type { FileRef } from '@ninefold/spec';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { nf } from '../data/ninefold';
import { fieldProblems, problemMessage } from '../feedback/problem-message';
import { useMeta } from '../meta/meta-provider';

/** One upload on its way, or refused. */
export interface UploadRow {
  readonly key: string;
  readonly name: string;
  readonly loaded: number;
  readonly total: number;
  /** Why it was refused, in the server's words; absent while it is on its way. */
  readonly error?: string;
}

/** Where files go: a record's file field. */
export interface UploadTarget {
  readonly entity: string;
  readonly id: string;
  readonly field: string;
}

export interface FileUploads {
  readonly rows: readonly UploadRow[];
  readonly busy: boolean;
  /** Sends the files in order; answers those the server took. */
  upload(target: UploadTarget, files: readonly File[]): Promise<FileRef[]>;
  /** Takes a refused upload's row away. */
  dismiss(key: string): void;
}

let counter = 0;

/**
 * @example const uploads = useFileUploads(); await uploads.upload({ entity: 'tickets', id, field: 'attachments' }, files);
 */
export function useFileUploads(): FileUploads {
  const client = nf.useClient();
  const queryClient = useQueryClient();
  const meta = useMeta();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const active = useRef(0);
  const [busy, setBusy] = useState(false);
  const patch = useCallback((key: string, change: Partial<UploadRow> | null) => {
    setRows((all) =>
      change === null
        ? all.filter((r) => r.key !== key)
        : all.map((r) => (r.key === key ? { ...r, ...change } : r)),
    );
  }, []);

  const upload = useCallback(
    async (target: UploadTarget, files: readonly File[]) => {
      const queued = files.map((file) => ({ file, key: `upload-${++counter}` }));
      setRows((all) => [
        ...all,
        ...queued.map(({ file, key }) => ({ key, name: file.name, loaded: 0, total: file.size })),
      ]);
      active.current += 1;
      setBusy(true);
      const done: FileRef[] = [];
      try {
        for (const { file, key } of queued) {
          try {
            const ref = await client.files.upload(target.entity, target.id, target.field, file, {
              onProgress: (p) => patch(key, { loaded: p.loaded, total: p.total || file.size }),
            });
            done.push(ref);
            patch(key, null);
          } catch (error) {
            patch(key, { error: uploadProblem(error, meta.errors) });
          }
        }
      } finally {
        active.current -= 1;
        if (active.current === 0) setBusy(false);
        // The record (and any list holding it) now has other files.
        await queryClient.invalidateQueries({ queryKey: ['nf', target.entity] });
      }
      return done;
    },
    [client, queryClient, meta.errors, patch],
  );

  return { rows, busy, upload, dismiss: useCallback((key: string) => patch(key, null), [patch]) };
}

/**
 * A refused upload in words: the failing field's messages (a type, pixel or count refusal
 * names the field), else the catalogue's message for the code (too large, a quota).
 * @example uploadProblem(error413, meta.errors) // 'The request body is too large.'
 */
export function uploadProblem(error: unknown, catalogue: Parameters<typeof problemMessage>[1]): string {
  const messages = fieldProblems(error)
    .map((p) => p.message)
    .filter(Boolean);
  return messages.length > 0 ? messages.join(' ') : problemMessage(error, catalogue);
}
