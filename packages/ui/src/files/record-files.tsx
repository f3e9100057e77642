/**
 * The file fields of a record's page, each under its own heading: those the caller may read,
 * shown when they hold files or the caller may add some.
 */
import { humanize } from '@ninefold/spec';
import { useId } from 'react';
import { useMeta } from '../meta/meta-provider';
import { useSession } from '../session/session-provider';
import { FileField } from './file-field';
import { filesOf } from './file-url';
import { mayWriteField } from './may-write-field';

/**
 * @example <RecordFiles entity="tickets" record={ticket} names={['attachments']} />
 */
export function RecordFiles({
  entity,
  record,
  names,
}: {
  readonly entity: string;
  readonly record: { readonly id: string; readonly [field: string]: unknown };
  /** The file fields the caller may read, in the spec's order. */
  readonly names: readonly string[];
}) {
  const meta = useMeta();
  const { role, user } = useSession();
  const e = meta.entities[entity];
  const baseId = useId();
  if (!e) return null;
  const caller = { role, user: user ?? null };
  return (
    <>
      {names.map((name, i) => {
        const field = e.fields[name];
        if (!field) return null;
        const writable = mayWriteField(meta, entity, record, name, caller);
        if (!writable && filesOf(record[name]).length === 0) return null;
        const label = field.label ?? humanize(name);
        const headingId = `${baseId}-${i}`;
        return (
          <section key={name} className="long-field file-section" aria-labelledby={headingId}>
            <h2 className="field-heading" id={headingId}>
              {label}
            </h2>
            <FileField
              entity={entity}
              id={record.id}
              name={name}
              field={field}
              label={label}
              value={record[name]}
              writable={writable}
            />
          </section>
        );
      })}
    </>
  );
}
