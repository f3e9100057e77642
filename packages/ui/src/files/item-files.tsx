/**
 * The files of a record shown inside another's page (a comment in a ticket's thread): each
 * file field the caller reads, as a list, with remove buttons where it may change the field.
 * What the server did not send (an internal note's files, for a customer) is simply not there.
 */
import { humanize } from '@ninefold/spec';
import { useMeta } from '../meta/meta-provider';
import { useSession } from '../session/session-provider';
import { fileLimits } from './file-limits';
import { FileList } from './file-list';
import { filesOf } from './file-url';
import { mayWriteField } from './may-write-field';

/**
 * @example <ItemFiles entity="comments" record={comment} names={['attachments']} />
 */
export function ItemFiles({
  entity,
  record,
  names,
}: {
  readonly entity: string;
  readonly record: { readonly id: string; readonly [field: string]: unknown };
  readonly names: readonly string[];
}) {
  const meta = useMeta();
  const { role, user } = useSession();
  const e = meta.entities[entity];
  if (!e) return null;
  const caller = { role, user: user ?? null };
  return (
    <>
      {names.map((name) => {
        const field = e.fields[name];
        const files = filesOf(record[name]);
        if (!field || files.length === 0) return null;
        const writable = mayWriteField(meta, entity, record, name, caller);
        return (
          <FileList
            key={name}
            files={files}
            variants={fileLimits(field).variants}
            label={field.label ?? humanize(name)}
            removeFrom={writable ? { entity, id: record.id, field: name } : undefined}
          />
        );
      })}
    </>
  );
}
