/**
 * The question a stale save asks (`412 VERSION_MISMATCH`): someone else saved this record
 * since the form opened. It shows what they changed beside what the user typed, and lets the
 * user take their version ("Reload") or save their own changes on top of it ("Overwrite"),
 * unless the user may no longer change a field of theirs, when Overwrite could only be
 * refused. A Radix dialog over the form's dialog: focus moves in and, on close, to the
 * control the form names (Radix would leave it on the body or the outer dialog).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { fieldLabel } from '../format/field-label';
import type { FieldChange } from '../forms/record-changes';
import { useMeta } from '../meta/meta-provider';
import { FieldValue } from './field-value';
import '../styles/dialog.css';

type Values = { readonly [field: string]: unknown };

export interface ConflictDialogProps {
  readonly entity: string;
  /** "ticket" */
  readonly what: string;
  /** What the other writer changed since the form opened. */
  readonly changes: readonly FieldChange[];
  /** The record as it is saved now (theirs). */
  readonly theirs: Values;
  /** The user's patch: the fields they changed, as they would be sent. */
  readonly mine: Values;
  /** Fields of `mine` the user may no longer change: Overwrite is not offered. */
  readonly locked?: readonly string[];
  onReload(): void;
  onOverwrite(): void;
  /** Back to the form, nothing sent. */
  onClose(): void;
  /** Puts focus back in the form once this dialog has closed, however it closed. */
  returnFocus(): void;
}

/**
 * Open while rendered.
 * @example {conflict && <ConflictDialog entity="tickets" what="ticket" changes={changes} theirs={theirs} mine={patch} onReload={reload} onOverwrite={overwrite} onClose={() => setConflict(null)} returnFocus={() => save.current?.focus()} />}
 */
export function ConflictDialog(props: ConflictDialogProps) {
  const { entity, what, changes, theirs, mine, locked = [] } = props;
  const fields = useMeta().entities[entity]?.fields ?? {};
  const label = (name: string) => fieldLabel(fields, name);
  const value = (name: string, v: unknown, record: Values) => (
    <FieldValue entity={entity} field={name} value={v} record={record} context="table" />
  );
  const yours = Object.keys(mine).map(label).join(', ');
  const overwrite = locked.length === 0;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog conflict-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.returnFocus();
          }}
        >
          <Dialog.Title className="dialog-title">Someone else changed this {what}</Dialog.Title>
          <Dialog.Description className="dialog-description">
            It was saved by someone else after you opened the form. Reload shows their version, with your
            changes to the fields they left alone kept.
            {overwrite
              ? ` Overwrite saves your changes (${yours}) on top of theirs; their other changes stay.`
              : ` You may no longer change ${locked.map(label).join(', ')}, so your changes cannot be saved over theirs.`}
          </Dialog.Description>
          {changes.length === 0 ? (
            <p>They changed only what you cannot see; none of the fields you changed.</p>
          ) : (
            <table className="conflict-table">
              <caption className="visually-hidden">What they changed, and what you typed</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Saved now</th>
                  <th scope="col">Yours</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.name}>
                    <th scope="row">{label(c.name)}</th>
                    <td>{value(c.name, c.after, theirs)}</td>
                    <td>
                      {c.name in mine ? (
                        value(c.name, mine[c.name], { ...theirs, ...mine })
                      ) : (
                        <span className="muted">not changed</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="form-actions dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="secondary">
                Keep editing
              </button>
            </Dialog.Close>
            <button type="button" className={overwrite ? 'secondary' : undefined} onClick={props.onReload}>
              Reload
            </button>
            {overwrite && (
              <button type="button" onClick={props.onOverwrite}>
                Overwrite
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
