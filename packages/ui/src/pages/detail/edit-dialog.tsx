/**
 * Editing a record: the fields the caller may change now (its `$can.update`), checked by
 * the spec's validator, sent as a patch of what changed with the version read (so a write
 * over someone else's newer change is refused, not lost).
 */
import { validatorFor } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useState } from 'react';
import { DialogActions } from '../../components/dialog-actions';
import { FieldSet } from '../../components/field-set';
import { nf } from '../../data/ninefold';
import { useNotify } from '../../feedback/use-notify';
import { capitalize, singular } from '../../format/singular';
import { formData, recordValues } from '../../forms/form-values';
import { useFieldForm } from '../../forms/use-field-form';
import { useMeta } from '../../meta/meta-provider';
import '../../styles/dialog.css';

type Rec = { readonly id: string; readonly version: number; readonly [field: string]: unknown };

function EditForm({
  entity,
  record,
  names,
  onDone,
}: {
  entity: string;
  record: Rec;
  names: string[];
  onDone(): void;
}) {
  const meta = useMeta();
  const notify = useNotify();
  const e = meta.entities[entity]!;
  const validator = useMemo(() => validatorFor(e), [e]);
  const initial = useMemo(() => recordValues(e.fields, names, record), [e, names, record]);
  const before = formData(e.fields, initial);
  const changed = (data: Record<string, unknown>) =>
    Object.fromEntries(
      names.flatMap((n) =>
        JSON.stringify(data[n] ?? null) === JSON.stringify(before[n] ?? null) ? [] : [[n, data[n] ?? null]],
      ),
    );
  const form = useFieldForm(e.fields, names, initial, (d) => validator.update(changed(d), names));
  const update = nf.useUpdate(entity);

  const submit = form.handleSubmit((body) => {
    const patch = changed(body);
    if (Object.keys(patch).length === 0) return onDone();
    update.mutate(
      { id: record.id, patch: patch as never, version: record.version },
      {
        onSuccess: () => {
          notify.success(capitalize(`${singular(e.label)} saved.`));
          onDone();
        },
        onError: (err) => {
          if (!form.refused(err)) notify.error(err);
        },
      },
    );
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={submit}>
      <FieldSet idPrefix={`edit-${entity}`} fields={e.fields} names={names} form={form} />
      <DialogActions submit="Save" busy={update.isPending} busyText="Saving…" />
    </form>
  );
}

/**
 * An "Edit" button and its dialog; nothing when the caller may change nothing.
 * @example <EditButton entity="tickets" record={ticket} />
 */
export function EditButton({ entity, record }: { readonly entity: string; readonly record: Rec }) {
  const meta = useMeta();
  const [open, setOpen] = useState(false);
  const e = meta.entities[entity];
  const can = (record.$can as { update?: readonly string[] } | undefined)?.update ?? [];
  const names = can.filter((n) => e?.fields[n] && e.fields[n].type !== 'state');
  if (!e || names.length === 0) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
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
          <EditForm entity={entity} record={record} names={names} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
