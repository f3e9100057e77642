/**
 * Where files are chosen: a button that opens the system's picker (so the keyboard reaches
 * it like any button), and the same area taking files dropped on it. What the field would
 * refuse (type, size, how many) is said here, before anything is sent; `onFiles` gets only
 * the files that may go up.
 */
import { type DragEvent, useId, useRef, useState } from 'react';
import { UploadIcon } from './file-icon';
import { acceptAttribute, chooseFiles, type FileLimits } from './file-limits';
import { fileLimitsHint } from './file-limits-hint';
import './files.css';

/**
 * @example <DropZone limits={limits} held={files.length} label="Attachments" onFiles={(fs) => uploads.upload(target, fs)} />
 */
export function DropZone({
  limits,
  held,
  label,
  onFiles,
  disabled = false,
}: {
  readonly limits: FileLimits;
  /** Files the field holds already, or that are on their way: what is left of `max`. */
  readonly held: number;
  /** The field, for the file input's name. */
  readonly label: string;
  onFiles(files: File[]): void;
  readonly disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<readonly string[]>([]);
  const take = (list: FileList | null) => {
    const choice = chooseFiles(limits, Array.from(list ?? []), held);
    setRefused(choice.refused);
    if (choice.accepted.length > 0) onFiles([...choice.accepted]);
  };
  const drag = (event: DragEvent, entering: boolean) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    // Without this the browser would open the dropped file in place of the app.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(entering);
  };
  const many = limits.many;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is the pointer's shortcut; the button inside does the same from the keyboard.
    <div
      className={over ? 'drop-zone drop-zone-over' : 'drop-zone'}
      onDragEnter={(e) => drag(e, true)}
      onDragOver={(e) => drag(e, true)}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        if (disabled) return;
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
    >
      <button
        type="button"
        className="secondary drop-zone-button"
        disabled={disabled}
        aria-describedby={`${id}-hint${refused.length > 0 ? ` ${id}-error` : ''}`}
        onClick={() => input.current?.click()}
      >
        <UploadIcon />
        {many ? 'Drop files here or choose' : 'Drop a file here or choose'}
      </button>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        tabIndex={-1}
        aria-label={`${label}: choose ${many ? 'files' : 'a file'}`}
        multiple={many}
        accept={acceptAttribute(limits)}
        disabled={disabled}
        onChange={(e) => {
          take(e.currentTarget.files);
          // The same file chosen again (after a refusal, a removal) must fire a change again.
          e.currentTarget.value = '';
        }}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {fileLimitsHint(limits)}
      </p>
      {refused.length > 0 && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {refused.join(' ')}
        </p>
      )}
    </div>
  );
}
