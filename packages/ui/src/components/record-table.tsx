/**
 * A table of records: the columns the role may read, values in words, and a button for
 * the next page. Named by the heading of its section.
 */
import type { EntityMeta } from '@ninefold/spec';
import { humanize } from '@ninefold/spec';
import { formatValue } from '../format/format-value';
import { useRefTitles } from '../hooks/ref-titles-provider';
import type { RecordsState } from '../hooks/use-records';
import { ProblemAlert } from './problem-alert';

export interface RecordTableProps {
  readonly entity: EntityMeta;
  readonly columns: readonly string[];
  readonly records: RecordsState;
  /** The id of the heading that names the table. */
  readonly labelledBy: string;
}

function columnLabel(entity: EntityMeta, name: string): string {
  return entity.fields[name]?.label ?? humanize(name);
}

/**
 * @example <RecordTable entity={meta.entities.tickets!} columns={['subject', 'status']} records={records} labelledBy="h-tickets" />
 */
export function RecordTable({ entity, columns, records, labelledBy }: RecordTableProps) {
  const refs = useRefTitles();
  const { items, nextCursor, loading, error, loadMore } = records;
  return (
    <div className="record-table">
      {error !== undefined && <ProblemAlert error={error} />}
      <div className="table-scroll">
        <table aria-labelledby={labelledBy} aria-busy={loading}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {columnLabel(entity, c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.id}>
                {columns.map((c) => (
                  <td key={c}>{formatValue(entity, c, r[c], refs)}</td>
                ))}
              </tr>
            ))}
            {items.length === 0 && !loading && (
              <tr>
                <td colSpan={columns.length} className="table-empty">
                  Nothing here yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {loading && <p className="table-note">Loading…</p>}
      {nextCursor && !loading && (
        <button type="button" className="secondary" onClick={loadMore}>
          Show more
        </button>
      )}
    </div>
  );
}
