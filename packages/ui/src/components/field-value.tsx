/**
 * One value of a record as the page shows it: the app's renderer for the field if it
 * registered one, else by type — the state as a badge, references by title (from the row's
 * `$expand` when the list expanded them), instants in the reader's locale, calendar dates
 * with no zone, web addresses as safe links, choices by label, files as a list (on a page)
 * or a count (in a table or card).
 */
import { humanize, isFileField } from '@ninefold/spec';
import { expandedRef } from '../data/use-ref-title';
import { FileValue } from '../files/file-value';
import { formatValue } from '../format/format-value';
import { useMeta } from '../meta/meta-provider';
import { useRegistry } from '../registry/registry-provider';
import type { FieldViewProps } from '../registry/ui-registry';
import { MarkdownText } from './markdown-text';
import { RefTitleText } from './ref-title';
import { StateBadge } from './state-badge';
import { WebLink } from './web-link';

/**
 * @example <FieldValue entity="tickets" field="status" value="open" record={ticket} context="table" />
 */
export function FieldValue(props: FieldViewProps) {
  const meta = useMeta();
  const Custom = useRegistry().fields?.[`${props.entity}.${props.field}`];
  if (Custom) return <Custom {...props} />;
  const { entity, field, value, context } = props;
  const e = meta.entities[entity];
  const f = e?.fields[field];
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  if (f && isFileField(f)) return <FileValue field={f} value={value} context={context} />;
  if (e && f?.type === 'state') return <StateBadge entity={e} state={String(value)} />;
  if (f?.type === 'ref')
    return (
      <RefTitleText
        entity={f.entity}
        id={String(value)}
        link={context === 'detail'}
        // A list asks for its references with the page (`?expand=`): no row fetches its own.
        expanded={expandedRef(props.record, field)}
      />
    );
  if (f?.type === 'url') return <WebLink href={String(value)} />;
  if (f?.type === 'date') return <time dateTime={String(value)}>{formatValue(e, field, value)}</time>;
  if (f?.type === 'datetime' || field === 'createdAt' || field === 'updatedAt') {
    return <time dateTime={String(value)}>{formatValue(e, field, value)}</time>;
  }
  if (f?.type === 'list' && Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">—</span>;
    return (
      <span className="tags">
        {value.map((v) => (
          <span key={String(v)} className="tag">
            {f.of.type === 'enum' ? humanize(String(v)) : String(v)}
          </span>
        ))}
      </span>
    );
  }
  if (f?.type === 'longText' && context === 'detail') return <MarkdownText text={String(value)} />;
  return <>{formatValue(e, field, value)}</>;
}
