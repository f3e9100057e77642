/**
 * Editing a record: the fields the caller may change now (its `$can.update`), checked by
 * the spec's validator, sent as a patch of only what the user changed, with the version the
 * form opened on (`If-Match`). Someone else's change made meanwhile is said in the dialog as
 * it arrives, and a save over it is refused (412) and turned into a question: take their
 * version, or save these changes on top of it. Nothing is lost without the user choosing.
 */
import { humanize, validatorFor } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useState } from 'react';
import { problemCode } from '../../api/api-error';
import { ChangedNotice } from '../../components/changed-notice';
import { ConflictDialog } from '../../components/conflict-dialog';
import { DialogActions } from '../../components/dialog-actions';
import { FieldSet } from '../../components/field-set';
import { nf } from '../../data/ninefold';
import { type DriftRecord, useRecordDrift } from '../../data/use-record-drift';
import { useNotify } from '../../feedback/use-notify';
import { capitalize, singular } from '../../format/singular';
import { recordValues } from '../../forms/form-values';
import { editPatch, type FieldChange, rebaseValues, recordChanges } from '../../forms/record-changes';
import { useFieldForm } from '../../forms/use-field-form';
import { useMeta } from '../../meta/meta-provider';
import '../../styles/dialog.css';

type Rec = DriftRecord;
type Patch = Record<string, unknown>;

/** A refused save, waiting for the user's choice. */
interface Conflict {
  readonly patch: Patch;
  readonly theirs: Rec;
  readonly changes: readonly FieldChange[];
}

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
  const what = singular(e.label);
  const validator = useMemo(() => validatorFor(e), [e]);
  const drift = useRecordDrift(entity, record);
  // The values the form opened on (or took at "Reload"): what an edit is measured against.
  const start = useMemo(() => recordValues(e.fields, names, drift.base), [e, names, drift.base]);
  const form = useFieldForm(e.fields, names, start, (d) =>
    validator.update(editPatch(e.fields, names, d, start), names),
  );
  const update = nf.useUpdate(entity);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [reloaded, setReloaded] = useState('');

  // From the send until the dialog closes, a new version is the user's own: not news.
  const [sending, setSending] = useState(false);

  const send = (patch: Patch, version: number) => {
    setSending(true);
    update.mutate(
      { id: record.id, patch: patch as never, version },
      {
        onSuccess: () => {
          notify.success(capitalize(`${what} saved.`));
          onDone();
        },
        onError: async (err) => {
          setSending(false);
          if (problemCode(err) === 'VERSION_MISMATCH') {
            const theirs = (await drift.refresh()) ?? drift.latest;
            setConflict({ patch, theirs, changes: recordChanges(e.fields, drift.base, theirs) });
            return;
          }
          if (!form.refused(err)) notify.error(err);
        },
      },
    );
  };

  const submit = form.handleSubmit((body) => {
    const patch = editPatch(e.fields, names, body, start);
    if (Object.keys(patch).length === 0) return onDone();
    send(patch, drift.base.version);
  });

  const reload = (c: Conflict) => {
    const theirs = recordValues(e.fields, names, c.theirs);
    const mine = rebaseValues(names, start, form.values(), theirs);
    const kept = names.filter((n) => mine[n] !== theirs[n]);
    drift.rebase(c.theirs);
    form.reset(mine);
    setConflict(null);
    const label = (n: string) => e.fields[n]?.label ?? humanize(n);
    setReloaded(
      `Showing the version saved now.${kept.length > 0 ? ` Your changes to ${kept.map(label).join(', ')} are kept.` : ''}`,
    );
  };

  const said = drift.changes.length === 0 || sending ? reloaded : '';
  return (
    <>
      <form ref={form.formRef} noValidate onSubmit={submit}>
        <ChangedNotice
          entity={entity}
          what={what}
          changes={sending ? [] : drift.changes}
          gone={drift.gone}
          kept="Your changes are kept; saving asks before it overwrites theirs."
        />
        <p role="status" className={said ? 'changed-notice' : undefined}>
          {said}
        </p>
        <FieldSet idPrefix={`edit-${entity}`} fields={e.fields} names={names} form={form} />
        <DialogActions submit="Save" busy={update.isPending} busyText="Saving…" />
      </form>
      {conflict && (
        <ConflictDialog
          entity={entity}
          what={what}
          changes={conflict.changes}
          mine={conflict.patch}
          busy={update.isPending}
          onReload={() => reload(conflict)}
          onOverwrite={() => {
            setConflict(null);
            send(conflict.patch, conflict.theirs.version);
          }}
          onClose={() => setConflict(null)}
        />
      )}
    </>
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
