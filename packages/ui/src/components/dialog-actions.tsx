/**
 * A dialog form's footer: Cancel, which closes the dialog (Radix gives focus back), and the
 * submit button, disabled and saying so while the request is out, or disabled when there is
 * nothing it could do (the dialog says why).
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { Ref } from 'react';

/**
 * @example <DialogActions submit="Resolve" busy={pending} />
 */
export function DialogActions({
  submit,
  busy,
  busyText = 'Working…',
  disabled = false,
  submitRef,
}: {
  readonly submit: string;
  readonly busy: boolean;
  readonly busyText?: string;
  readonly disabled?: boolean;
  /** The submit button, for a dialog over this one to give focus back to. */
  readonly submitRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="form-actions dialog-actions">
      <Dialog.Close asChild>
        <button type="button" className="secondary">
          Cancel
        </button>
      </Dialog.Close>
      <button ref={submitRef} type="submit" disabled={busy || disabled} aria-busy={busy}>
        {busy ? busyText : submit}
      </button>
    </div>
  );
}
