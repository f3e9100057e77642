/**
 * One file field of a record as its page shows it: the files, and where the caller may change
 * the field, a drop zone with a progress bar per upload and the refusals (before upload from
 * the spec's limits, after from the server).
 */
import type { Field } from '@ninefold/spec';
import { useMemo } from 'react';
import { DropZone } from './drop-zone';
import { fileLimits } from './file-limits';
import { FileList } from './file-list';
import { filesOf } from './file-url';
import { UploadRows } from './upload-rows';
import { useFileUploads } from './use-file-uploads';

/**
 * @example <FileField entity="tickets" id={ticket.id} name="attachments" field={e.fields.attachments} label="Attachments" value={ticket.attachments} writable />
 */
export function FileField({
  entity,
  id,
  name,
  field,
  label,
  value,
  writable,
}: {
  readonly entity: string;
  readonly id: string;
  readonly name: string;
  readonly field: Field;
  readonly label: string;
  readonly value: unknown;
  readonly writable: boolean;
}) {
  const limits = useMemo(() => fileLimits(field), [field]);
  const uploads = useFileUploads();
  const files = filesOf(value);
  const target = { entity, id, field: name };
  const pending = uploads.rows.filter((r) => !r.error).length;
  return (
    <div className="file-field">
      {files.length === 0 && !writable ? (
        <p className="muted">No files.</p>
      ) : (
        <FileList
          files={files}
          variants={limits.variants}
          removeFrom={writable ? target : undefined}
          label={label}
        />
      )}
      <UploadRows rows={uploads.rows} onDismiss={uploads.dismiss} />
      {writable && (
        <DropZone
          limits={limits}
          held={files.length + pending}
          label={label}
          onFiles={(chosen) => void uploads.upload(target, chosen)}
        />
      )}
    </div>
  );
}
