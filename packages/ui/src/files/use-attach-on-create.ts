/**
 * Files attached while writing a new record (a comment): held in the form until the record
 * exists, then uploaded into it, since a file always belongs to a record the server has
 * judged. Offered for the file fields the caller may change on a record it creates (the
 * helpdesk: an author's own comment), judged on what the new record will hold.
 */
import type { ClientMeta, Field } from '@ninefold/spec';
import { isExpr } from '@ninefold/spec';
import { useCallback, useMemo, useState } from 'react';
import { useMeta } from '../meta/meta-provider';
import type { Caller } from '../permissions/record-abilities';
import { readableFields } from '../permissions/role-view';
import { useSession } from '../session/session-provider';
import { mayWriteField } from './may-write-field';
import { type FileUploads, useFileUploads } from './use-file-uploads';

/**
 * What a record the caller creates will hold of the fields set from the caller
 * (`default: caller('id')`), so a rule like "the caller is the author" can be judged.
 * @example newRecordGuess(comments.fields, { role: 'customer', user }) // { author: user.id }
 */
export function newRecordGuess(
  fields: { readonly [name: string]: Field },
  caller: Caller,
): { [field: string]: unknown } {
  const out: { [field: string]: unknown } = {};
  for (const [name, field] of Object.entries(fields)) {
    const d = field.default as unknown;
    if (!isExpr(d)) continue;
    const e = d as { kind: string; prop?: string };
    if (e.kind === 'caller' && caller.user && e.prop) out[name] = caller.user[e.prop];
  }
  return out;
}

/**
 * The file fields a new record of the entity can be given by the caller.
 * @example attachableFields(meta, 'comments', caller) // ['attachments']
 */
export function attachableFields(meta: ClientMeta, entity: string, caller: Caller): string[] {
  const e = meta.entities[entity];
  if (!e) return [];
  const guess = newRecordGuess(e.fields, caller);
  return readableFields(meta, caller.role, entity).filter((name) => {
    const type = e.fields[name]?.type;
    return (type === 'file' || type === 'files') && mayWriteField(meta, entity, guess, name, caller);
  });
}

/** The files chosen for a new record, by field, and the uploads once it exists. */
export interface AttachOnCreate {
  readonly entity: string;
  readonly names: readonly string[];
  readonly staged: { readonly [field: string]: readonly File[] };
  readonly uploads: FileUploads;
  stage(field: string, files: readonly File[]): void;
  unstage(field: string, file: File): void;
  /** Uploads the chosen files into the new record, then forgets them; answers how many failed. */
  attachTo(id: string): Promise<number>;
}

/**
 * @example const attach = useAttachOnCreate('comments'); … onSuccess: (c) => attach.attachTo(c.id)
 */
export function useAttachOnCreate(entity: string): AttachOnCreate {
  const meta = useMeta();
  const { role, user } = useSession();
  const names = useMemo(
    () => attachableFields(meta, entity, { role, user: user ?? null }),
    [meta, entity, role, user],
  );
  const uploads = useFileUploads();
  const [staged, setStaged] = useState<{ readonly [field: string]: readonly File[] }>({});
  const stage = useCallback((field: string, files: readonly File[]) => {
    setStaged((s) => ({ ...s, [field]: [...(s[field] ?? []), ...files] }));
  }, []);
  const unstage = useCallback((field: string, file: File) => {
    setStaged((s) => ({ ...s, [field]: (s[field] ?? []).filter((f) => f !== file) }));
  }, []);
  const attachTo = useCallback(
    async (id: string) => {
      const chosen = staged;
      setStaged({});
      let failed = 0;
      for (const [field, files] of Object.entries(chosen)) {
        if (files.length === 0) continue;
        const done = await uploads.upload({ entity, id, field }, files);
        failed += files.length - done.length;
      }
      return failed;
    },
    [staged, uploads, entity],
  );
  return { entity, names, staged, uploads, stage, unstage, attachTo };
}
