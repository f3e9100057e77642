/**
 * A file field's value where a value is shown (`FieldValue`): in a table or on a card, the
 * one file's name or how many there are; on a page, the list itself, to look at and download.
 */
import type { Field } from '@ninefold/spec';
import type { FieldViewProps } from '../registry/ui-registry';
import { fileLimits } from './file-limits';
import { FileList } from './file-list';
import { filesOf } from './file-url';

/**
 * @example <FileValue field={e.fields.attachments} value={ticket.attachments} context="table" /> // '2 files'
 */
export function FileValue({
  field,
  value,
  context,
}: {
  readonly field: Field;
  readonly value: unknown;
  readonly context: FieldViewProps['context'];
}) {
  const files = filesOf(value);
  if (files.length === 0) return <span className="muted">—</span>;
  if (context === 'detail') return <FileList files={files} variants={fileLimits(field).variants} />;
  if (field.type === 'file') return <span className="file-name-inline">{files[0]!.name}</span>;
  return <>{files.length === 1 ? '1 file' : `${files.length} files`}</>;
}
