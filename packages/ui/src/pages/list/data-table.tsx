/**
 * Records as a data table: the columns the role may read, the title linking to the record,
 * sorting by the server from the column headers, fixed-height placeholder rows while loading
 * and a plain sentence when there is nothing to show. The server sorts and pages, so the
 * table only draws: plain rows, each drawn again only when its record changes.
 */
import { type EntityMeta, humanize } from '@ninefold/spec';
import { memo, type ReactNode, useDeferredValue, useMemo } from 'react';
import { FieldValue } from '../../components/field-value';
import { Link } from '../../router/link';
import { sortable } from './list-query';

type Row = { readonly id: string; readonly [field: string]: unknown };

export interface DataTableProps {
  readonly entityName: string;
  readonly entity: EntityMeta;
  readonly columns: readonly string[];
  readonly rows: readonly Row[] | undefined;
  /** Fetching (a new page, a refresh): the rows stay, marked busy. */
  readonly busy: boolean;
  /** `field` or `-field`. */
  readonly sort: string;
  onSort(sort: string): void;
  /** The link of a row's record page, if the role has one. */
  readonly rowLink?: ((row: Row) => string | undefined) | undefined;
  /** Buttons at the end of each row. */
  readonly rowActions?: ((row: Row) => ReactNode) | undefined;
  readonly caption: string;
  readonly empty: ReactNode;
  readonly skeletonRows?: number;
}

function SortButton({
  label,
  state,
  onClick,
}: {
  label: string;
  state: 'asc' | 'desc' | null;
  onClick(): void;
}) {
  return (
    <button type="button" className="sort-button" onClick={onClick}>
      {label}
      <span aria-hidden="true" className="sort-mark">
        {state === 'asc' ? '▲' : state === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}

interface Column {
  readonly id: string;
  readonly header: string;
  cell(row: Row): ReactNode;
}

const TableRow = memo(function TableRow({
  row,
  columns,
}: {
  readonly row: Row;
  readonly columns: readonly Column[];
}) {
  return (
    <tr>
      {columns.map((c) => (
        <td key={c.id} data-label={c.header}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  );
});

/**
 * @example <DataTable entityName="tickets" entity={e} columns={['subject']} rows={items} sort="-createdAt" … />
 */
export function DataTable(props: DataTableProps) {
  const { entity, entityName, columns, sort, onSort, rowLink, rowActions } = props;
  // Rows are drawn in the background, in slices the browser can interleave with input, so a
  // page of rows arriving never freezes a slow phone; what was shown stays until they are.
  const rows = useDeferredValue(props.rows);
  const titleField = entity.title ?? columns[0];
  const cols = useMemo<Column[]>(() => {
    const list: Column[] = columns.map((name) => ({
      id: name,
      header: entity.fields[name]?.label ?? humanize(name),
      cell: (row) => {
        const value = (
          <FieldValue entity={entityName} field={name} value={row[name]} record={row} context="table" />
        );
        const to = name === titleField ? rowLink?.(row) : undefined;
        return to ? <Link to={to}>{value}</Link> : value;
      },
    }));
    if (rowActions) list.push({ id: '$actions', header: 'Actions', cell: (row) => rowActions(row) });
    return list;
  }, [columns, entity, entityName, titleField, rowLink, rowActions]);
  const sortField = sort.replace(/^-/, '');
  const direction = sort.startsWith('-') ? 'desc' : 'asc';

  return (
    <div className="table-scroll">
      <table className="data-table" aria-busy={props.busy || rows === undefined || rows !== props.rows}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {cols.map((c) => {
              const state = c.id === sortField ? direction : null;
              const ariaSort = state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined;
              return (
                <th key={c.id} scope="col" aria-sort={ariaSort}>
                  {sortable(entity, c.id) ? (
                    <SortButton
                      label={c.header}
                      state={state}
                      onClick={() => onSort(state === 'asc' ? `-${c.id}` : c.id)}
                    />
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows === undefined &&
            Array.from({ length: props.skeletonRows ?? 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
              <tr key={i} className="skeleton-row">
                {cols.map((c) => (
                  <td key={c.id}>
                    <span className="skeleton skeleton-inline" aria-hidden="true" />
                  </td>
                ))}
              </tr>
            ))}
          {rows?.length === 0 && (
            <tr>
              <td colSpan={cols.length} className="table-empty">
                {props.empty}
              </td>
            </tr>
          )}
          {rows?.map((row) => (
            <TableRow key={row.id} row={row} columns={cols} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
