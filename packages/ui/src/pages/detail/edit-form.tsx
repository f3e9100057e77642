/**
 * The form of the edit dialog: the fields the caller could change when it opened, checked by
 * the spec's validator, sent as a patch of only what the user changed, with the version the
 * form opened on (`If-Match`). Someone else's change made meanwhile is said in the form as
 * it arrives, and a save over it is refused (412) and turned into a question: take their
 * version, or save these changes on top of it. Nothing is lost without the user choosing.
 */
import { validatorFor } from '@ninefold/spec';
import { useMemo, useRef, useState } from 'react';
import { ChangedNotice } from '../../components/changed-notice';
import { ConflictDialog } from '../../components/conflict-dialog';
import { DialogActions } from '../../components/dialog-actions';
import { FieldSet } from '../../components/field-set';
import { nf } from '../../data/ninefold';
import { type DriftRecord, useRecordDrift } from '../../data/use-record-drift';
import { problemCode } from '../../feedback/problem-message';
import { useNotify } from '../../feedback/use-notify';
import { fieldLabel } from '../../format/field-label';
import { capitalize, singular } from '../../format/singular';
import { formData, recordValues } from '../../forms/form-values';
import { editPatch, type FieldChange, rebaseValues, recordChanges } from '../../forms/record-changes';
import { useFieldForm } from '../../forms/use-field-form';
import { useMeta } from '../../meta/meta-provider';

type Rec = DriftRecord;
type Patch = Record<string, unknown>;

/** A refused save, waiting for the user's choice. */
interface Conflict {
  readonly patch: Patch;
  readonly theirs: Rec;
  readonly changes: readonly FieldChange[];
  /** Fields of the patch the caller may no longer change. */
  readonly locked: readonly string[];
}

/** The fields the caller may change on this version, when the server said. */
const updatable = (r: Rec) => (r.$can as { update?: readonly string[] } | undefined)?.update;

/** Fields of `names` this version no longer lets the caller change. */
const lockedIn = (r: Rec, names: readonly string[]) => {
  const can = updatable(r);
  return can ? names.filter((n) => !can.includes(n)) : [];
};

export interface EditFormProps {
  readonly entity: string;
  readonly record: Rec;
  /** The fields to edit: those the caller could change when the dialog opened. */
  readonly names: readonly string[];
  onDone(): void;
}

/**
 * @example <EditForm entity="tickets" record={ticket} names={['priority', 'tags']} onDone={close} />
 */
export function EditForm({ entity, record, names, onDone }: EditFormProps) {
  const meta = useMeta();
  const notify = useNotify();
  const e = meta.entities[entity]!;
  const what = singular(e.label);
  const label = (n: string) => fieldLabel(e.fields, n);
  const validator = useMemo(() => validatorFor(e), [e]);
  const drift = useRecordDrift(entity, record);
  // The values the form opened on (or took at "Reload"): what an edit is measured against.
  const start = useMemo(() => recordValues(e.fields, names, drift.base), [e, names, drift.base]);
  const form = useFieldForm(e.fields, names, start, (d) =>
    validator.update(editPatch(e.fields, names, d, start), names),
  );
  const update = nf.useUpdate(entity);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [said, setSaid] = useState('');
  // From Save until the answer, and on while a 412's cause is fetched: Save again then would
  // send, and the conflict dialog show, less than the user has typed by then.
  const [busy, setBusy] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const refocus = useRef<() => void>(() => undefined);
  // Someone else's change (a new state) can take away the right to change a field.
  const lost = lockedIn(drift.latest, names);

  const openConflict = async () => {
    let theirs: Rec | undefined;
    try {
      theirs = await drift.refresh();
    } catch (err) {
      return notify.error(err);
    }
    // Gone: the notice says so, and Save waits.
    if (!theirs) return;
    // What the inputs hold now, typed on while the conflict was fetched or not.
    const patch = editPatch(e.fields, names, formData(e.fields, form.values()), start);
    const changes = recordChanges(e.fields, drift.base, theirs);
    refocus.current = () => saveRef.current?.focus();
    setConflict({ patch, theirs, changes, locked: lockedIn(theirs, Object.keys(patch)) });
  };

  const send = async (patch: Patch, version: number) => {
    setBusy(true);
    try {
      await drift.send(() => update.mutateAsync({ id: record.id, patch: patch as never, version }));
      notify.success(capitalize(`${what} saved.`));
      return onDone();
    } catch (err) {
      setSaid('');
      if (problemCode(err) === 'VERSION_MISMATCH') await openConflict();
      else if (!form.refused(err)) notify.error(err);
    }
    setBusy(false);
  };

  const submit = form.handleSubmit((body) => {
    const patch = editPatch(e.fields, names, body, start);
    if (Object.keys(patch).length === 0) return onDone();
    const locked = Object.keys(patch).filter((n) => lost.includes(n));
    // Certain to be refused: said beside each input instead of sent.
    if (locked.length > 0) {
      const message = (n: string) => `You may no longer change ${label(n)}.`;
      form.refused({
        code: 'FORBIDDEN',
        fieldErrors: locked.map((n) => ({ path: n, code: 'read_only', message: message(n) })),
      });
      return;
    }
    void send(patch, drift.base.version);
  });

  const reload = (c: Conflict) => {
    const theirs = recordValues(e.fields, names, c.theirs);
    const mine = rebaseValues(names, start, form.values(), theirs);
    const kept = names.filter((n) => mine[n] !== theirs[n]);
    drift.rebase(c.theirs);
    form.reset(mine);
    const [first] = kept;
    const input = first === undefined ? null : document.getElementById(`edit-${entity}-${first}`);
    refocus.current = () => (input?.isConnected ? input : statusRef.current)?.focus();
    setConflict(null);
    setSaid(
      `Showing the version saved now.${kept.length > 0 ? ` Your changes to ${kept.map(label).join(', ')} are kept.` : ''}`,
    );
  };

  const overwrite = (c: Conflict) => {
    refocus.current = () => statusRef.current?.focus();
    setConflict(null);
    setSaid(`Saving your changes on top of theirs…`);
    void send(c.patch, c.theirs.version);
  };

  const lostText =
    lost.length > 0
      ? `You may no longer change ${lost.map(label).join(', ')}: this ${what} changed since.`
      : '';
  const line = [lostText, drift.changes.length === 0 ? said : ''].filter(Boolean).join(' ');
  return (
    <>
      <form ref={form.formRef} noValidate onSubmit={submit}>
        <ChangedNotice
          entity={entity}
          record={drift.latest}
          what={what}
          changes={drift.changes}
          gone={drift.gone}
          kept="Your changes are kept; saving asks before it overwrites theirs."
        />
        <p ref={statusRef} tabIndex={-1} role="status" className={line ? 'changed-notice' : undefined}>
          {line}
        </p>
        <FieldSet idPrefix={`edit-${entity}`} fields={e.fields} names={names} form={form} />
        <DialogActions
          submit="Save"
          busy={busy}
          busyText="Saving…"
          disabled={drift.gone}
          submitRef={saveRef}
        />
      </form>
      {conflict && (
        <ConflictDialog
          entity={entity}
          what={what}
          changes={conflict.changes}
          theirs={conflict.theirs}
          mine={conflict.patch}
          locked={conflict.locked}
          onReload={() => reload(conflict)}
          onOverwrite={() => overwrite(conflict)}
          onClose={() => setConflict(null)}
          returnFocus={() => refocus.current()}
        />
      )}
    </>
  );
}
