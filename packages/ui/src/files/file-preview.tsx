/**
 * An image larger, in the UI's dialog (Radix: focus moves in, Escape closes, focus goes back
 * to the thumbnail): its `preview` variant when the field declares one, else the file itself,
 * with its size, type and a download link.
 */

import type { FileRef } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { fileUrl } from './file-url';
import { bytesText, typeWord } from './file-words';
import '../styles/dialog.css';

/**
 * Open while rendered.
 * @example {open && <FilePreview file={ref} variant="preview" onClose={() => setOpen(false)} />}
 */
export function FilePreview({
  file,
  variant,
  onClose,
}: {
  readonly file: FileRef;
  /** The variant to show, if the field has one fit for it. */
  readonly variant: string | undefined;
  onClose(): void;
}) {
  // Radix gives focus back only to a Dialog.Trigger; the thumbnail that opened this is a
  // plain button (one dialog for the whole list): remember it and give focus back to it.
  const [opener] = useState(() => document.activeElement);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog file-preview" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="dialog-title file-name">{file.name}</Dialog.Title>
          <Dialog.Description className="dialog-description">
            {typeWord(file.type)}, {bytesText(file.size)}
          </Dialog.Description>
          <div className="file-preview-frame">
            <img src={fileUrl(file, { variant })} alt={file.name} />
          </div>
          <div className="form-actions dialog-actions">
            <a className="button secondary" href={fileUrl(file, { download: true })} download={file.name}>
              Download
            </a>
            <Dialog.Close asChild>
              <button type="button">Close</button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
