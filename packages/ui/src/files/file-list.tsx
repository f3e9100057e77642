/**
 * A field's files: each with a thumbnail (an image, when the field declares a `thumb`
 * variant) or a type icon, its name, size and type, a download link, and a remove button
 * where the caller may change the field. A thumbnail opens the image larger.
 */
import type { FileRef } from '@ninefold/spec';
import { useState } from 'react';
import { FileIcon } from './file-icon';
import { FilePreview } from './file-preview';
import { fileUrl } from './file-url';
import { bytesText, fileKind, typeWord } from './file-words';
import { RemoveFileButton } from './remove-file-button';
import type { UploadTarget } from './use-file-uploads';
import './files.css';

/** The variants a field declares, by name: which of them the list uses. */
type Variants = { readonly [name: string]: unknown };

/**
 * @example <FileList files={filesOf(ticket.attachments)} variants={limits.variants} removeFrom={{ entity: 'tickets', id, field: 'attachments' }} />
 */
export function FileList({
  files,
  variants,
  removeFrom,
  label,
}: {
  readonly files: readonly FileRef[];
  readonly variants: Variants;
  /** The field the files are in, when the caller may remove them. */
  readonly removeFrom?: UploadTarget | undefined;
  /** What the list is, for screen readers ("Attachments"). */
  readonly label?: string;
}) {
  const [previewing, setPreviewing] = useState<FileRef | null>(null);
  if (files.length === 0) return null;
  const thumb = 'thumb' in variants ? 'thumb' : undefined;
  const preview = 'preview' in variants ? 'preview' : undefined;
  return (
    <>
      <ul className="file-list" aria-label={label}>
        {files.map((file) => {
          const kind = fileKind(file.type);
          return (
            <li key={file.id} className="file-item">
              {kind === 'image' && thumb ? (
                <button
                  type="button"
                  className="file-thumb"
                  aria-label={`Preview ${file.name}`}
                  onClick={() => setPreviewing(file)}
                >
                  <img src={fileUrl(file, { variant: thumb })} alt="" width={64} height={64} loading="lazy" />
                </button>
              ) : kind === 'image' ? (
                <button
                  type="button"
                  className="file-thumb file-thumb-icon"
                  aria-label={`Preview ${file.name}`}
                  onClick={() => setPreviewing(file)}
                >
                  <FileIcon kind={kind} />
                </button>
              ) : (
                <span className="file-thumb file-thumb-icon">
                  <FileIcon kind={kind} />
                </span>
              )}
              <span className="file-facts">
                <span className="file-name">{file.name}</span>
                <span className="muted">
                  {typeWord(file.type)}, {bytesText(file.size)}
                </span>
              </span>
              <span className="file-actions">
                <a
                  className="button secondary small"
                  href={fileUrl(file, { download: true })}
                  download={file.name}
                  aria-label={`Download ${file.name}`}
                >
                  Download
                </a>
                {removeFrom && <RemoveFileButton target={removeFrom} file={file} />}
              </span>
            </li>
          );
        })}
      </ul>
      {previewing && <FilePreview file={previewing} variant={preview} onClose={() => setPreviewing(null)} />}
    </>
  );
}
