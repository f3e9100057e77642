/**
 * The edit dialog of a record's page: an "Edit" button when the caller may change any field
 * (its `$can.update`), and the dialog with the form (`EditForm`), which holds the page while
 * open so a record deleted underneath it leaves the dialog to say so.
 */
import { isFileField } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useHoldPage } from '../../components/page-hold';
import type { DriftRecord } from '../../data/use-record-drift';
import { singular } from '../../format/singular';
import { useMeta } from '../../meta/meta-provider';
import { EditForm } from './edit-form';
import '../../styles/dialog.css';

/**
 * An "Edit" button and its dialog; nothing when the caller may change nothing.
 * @example <EditButton entity="tickets" record={ticket} />
 */
export function EditButton({ entity, record }: { readonly entity: string; readonly record: DriftRecord }) {
  const meta = useMeta();
  const [open, setOpen] = useState(false);
  useHoldPage(open);
  const e = meta.entities[entity];
  const can = (record.$can as { update?: readonly string[] } | undefined)?.update ?? [];
  // Files change through the page's drop zone and remove buttons, never through a patch.
  const names = can.filter((n) => e?.fields[n] && e.fields[n].type !== 'state' && !isFileField(e.fields[n]));
  // The fields an open form edits are those it opened with (below): a change of what the
  // caller may edit must not close the dialog under the user's hands.
  const [opened, setOpened] = useState<string[]>([]);
  const toggle = (next: boolean) => {
    if (next) setOpened(names);
    setOpen(next);
  };
  if (!e || (names.length === 0 && !open)) return null;
  return (
    <Dialog.Root open={open} onOpenChange={toggle}>
      <Dialog.Trigger asChild>
        <button type="button" className="secondary">
          Edit
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">Edit {singular(e.label)}</Dialog.Title>
          <Dialog.Description className="dialog-description">
            Change what you may change, then save.
          </Dialog.Description>
          <EditForm entity={entity} record={record} names={opened} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
