/**
 * The question a stale save asks (`412 VERSION_MISMATCH`): someone else saved this record
 * since the form opened. It shows what they changed beside what the user typed, and lets the
 * user take their version ("Reload") or save their own changes on top of it ("Overwrite").
 * A Radix dialog over the form's dialog: focus moves in and, on close, back to the form.
 */
import { humanize } from '@ninefold/spec';
import * as Dialog from '@radix-ui/react-dialog';
import type { FieldChange } from '../forms/record-changes';
import { useMeta } from '../meta/meta-provider';
import { FieldValue } from './field-value';
import '../styles/dialog.css';

export interface ConflictDialogProps {
  readonly entity: string;
  /** "ticket" */
  readonly what: string;
  /** What the other writer changed since the form opened. */
  readonly changes: readonly FieldChange[];
  /** The user's patch: the fields they changed, as they would be sent. */
  readonly mine: { readonly [field: string]: unknown };
  readonly busy: boolean;
  onReload(): void;
  onOverwrite(): void;
  /** Back to the form, nothing sent. */
  onClose(): void;
}

/**
 * Open while rendered.
 * @example {conflict && <ConflictDialog entity="tickets" what="ticket" changes={changes} mine={patch} busy={false} onReload={reload} onOverwrite={overwrite} onClose={() => setConflict(null)} />}
 */
export function ConflictDialog(props: ConflictDialogProps) {
  const { entity, what, changes, mine, busy } = props;
  const fields = useMeta().entities[entity]?.fields ?? {};
  const label = (name: string) => fields[name]?.label ?? humanize(name);
  const value = (name: string, v: unknown) => (
    <FieldValue entity={entity} field={name} value={v} record={{}} context="table" />
  );
  const yours = Object.keys(mine).map(label).join(', ');
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog conflict-dialog">
          <Dialog.Title className="dialog-title">Someone else changed this {what}</Dialog.Title>
          <Dialog.Description className="dialog-description">
            It was saved by someone else after you opened the form. Reload shows their version, with your
            changes to the fields they left alone kept. Overwrite saves your changes ({yours}) on top of
            theirs; their other changes stay.
          </Dialog.Description>
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
                  <td>{value(c.name, c.after)}</td>
                  <td>
                    {c.name in mine ? (
                      value(c.name, mine[c.name])
                    ) : (
                      <span className="muted">not changed</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="form-actions dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="secondary">
                Keep editing
              </button>
            </Dialog.Close>
            <button type="button" className="secondary" onClick={props.onReload} disabled={busy}>
              Reload
            </button>
            <button type="button" onClick={props.onOverwrite} disabled={busy} aria-busy={busy}>
              {busy ? 'Saving…' : 'Overwrite'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
