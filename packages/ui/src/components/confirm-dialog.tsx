/**
 * A question before a change that cannot simply be taken back (deleting a record, disabling an account,
 * an app's own panel deleting one of its records): a Radix dialog, so focus moves in and stays
 * in; on close it returns to the button that opened it. Optional fields (a new name) go in
 * `children`.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DialogActions } from './dialog-actions';
import '../styles/dialog.css';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly description: ReactNode;
  /** The confirming button's words ("Disable account"). */
  readonly confirm: string;
  /**
   * Runs the change; resolves true for the dialog to close itself, false to leave it (to stay
   * open for another try, or because its page is being left anyway).
   */
  onConfirm(): Promise<boolean>;
  onClose(): void;
  readonly children?: ReactNode;
}

/**
 * Open while rendered.
 * @example {asking && <ConfirmDialog title="Disable Ann?" description="…" confirm="Disable" onConfirm={run} onClose={() => setAsking(false)} />}
 */
export function ConfirmDialog({
  title,
  description,
  confirm,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  // Radix gives focus back only to a Dialog.Trigger, and these dialogs are opened by plain
  // buttons: remember what had focus, and give it back on close if it is still on the page.
  const [opener] = useState(() => document.activeElement);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (await onConfirm()) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <form onSubmit={submit} noValidate>
            <Dialog.Description className="dialog-description">{description}</Dialog.Description>
            {children}
            <DialogActions submit={confirm} busy={busy} />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
