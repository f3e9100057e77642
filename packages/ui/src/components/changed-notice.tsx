/**
 * A dialog's note that its record changed underneath it: who else's change, field by field,
 * and what happens to what the user typed. A polite live region that is always there (empty
 * while nothing changed), so a screen reader hears the change when it arrives.
 */
import { fieldLabel } from '../format/field-label';
import type { FieldChange } from '../forms/record-changes';
import { useMeta } from '../meta/meta-provider';
import { FieldValue } from './field-value';

export interface ChangedNoticeProps {
  readonly entity: string;
  /** The record as it is now, for fields whose renderer reads the rest of it. */
  readonly record: { readonly [field: string]: unknown };
  /** "ticket" */
  readonly what: string;
  readonly changes: readonly FieldChange[];
  /** The record is deleted or no longer readable. */
  readonly gone?: boolean;
  /** What became of the user's input ("What you typed is kept."). */
  readonly kept: string;
}

/**
 * @example <ChangedNotice entity="tickets" record={drift.latest} what="ticket" changes={drift.changes} kept="What you typed is kept." />
 */
export function ChangedNotice({ entity, record, what, changes, gone = false, kept }: ChangedNoticeProps) {
  const meta = useMeta();
  const fields = meta.entities[entity]?.fields ?? {};
  const said = gone
    ? `This ${what} was deleted, or you may no longer see it.`
    : changes.length > 0
      ? `Someone else changed this ${what} while this dialog was open. ${kept}`
      : '';
  return (
    <div role="status" className={said ? 'changed-notice' : undefined}>
      {said && <p>{said}</p>}
      {!gone && changes.length > 0 && (
        <ul>
          {changes.map((c) => (
            <li key={c.name}>
              {fieldLabel(fields, c.name)} is now{' '}
              <FieldValue entity={entity} field={c.name} value={c.after} record={record} context="table" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
