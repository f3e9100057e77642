/**
 * The file part of a new record's form (a comment's attachments): a drop zone per field the
 * caller may attach to, the files chosen so far (each removable before sending), and once
 * sent, their uploads with progress.
 */
import { humanize } from '@ninefold/spec';
import { useMeta } from '../meta/meta-provider';
import { DropZone } from './drop-zone';
import { FileIcon } from './file-icon';
import { fileLimits } from './file-limits';
import { bytesText, fileKind } from './file-words';
import { UploadRows } from './upload-rows';
import type { AttachOnCreate } from './use-attach-on-create';
import './files.css';

/**
 * @example <AttachFiles attach={attach} disabled={create.isPending} />
 */
export function AttachFiles({
  attach,
  disabled = false,
}: {
  readonly attach: AttachOnCreate;
  readonly disabled?: boolean;
}) {
  const meta = useMeta();
  const e = meta.entities[attach.entity];
  if (!e || attach.names.length === 0) return null;
  return (
    <>
      {attach.names.map((name) => {
        const field = e.fields[name]!;
        const label = field.label ?? humanize(name);
        const staged = attach.staged[name] ?? [];
        return (
          <fieldset key={name} className="field attach-files">
            <legend className="attach-label">{label}</legend>
            {staged.length > 0 && (
              <ul className="file-list" aria-label={`${label} to send`}>
                {staged.map((file) => (
                  <li key={`${file.name}-${file.size}-${file.lastModified}`} className="file-item">
                    <span className="file-thumb file-thumb-icon">
                      <FileIcon kind={fileKind(file.type)} />
                    </span>
                    <span className="file-facts">
                      <span className="file-name">{file.name}</span>
                      <span className="muted">{bytesText(file.size)}</span>
                    </span>
                    <span className="file-actions">
                      <button
                        type="button"
                        className="secondary small"
                        aria-label={`Remove ${file.name}`}
                        disabled={disabled}
                        onClick={() => attach.unstage(name, file)}
                      >
                        Remove
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <DropZone
              limits={fileLimits(field)}
              held={staged.length}
              label={label}
              disabled={disabled}
              onFiles={(files) => attach.stage(name, files)}
            />
          </fieldset>
        );
      })}
      <UploadRows rows={attach.uploads.rows} onDismiss={attach.uploads.dismiss} />
    </>
  );
}
