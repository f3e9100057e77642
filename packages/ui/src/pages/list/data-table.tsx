/**
 * Records as a data table (TanStack Table, headless): the columns the role may read, the
 * title linking to the record, sorting by the server from the column headers, fixed-height
 * placeholder rows while loading and a plain sentence when there is nothing to show.
 */
import { type EntityMeta, humanize } from '@ninefold/spec';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
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

/**
 * @example <DataTable entityName="tickets" entity={e} columns={['subject']} rows={items} sort="-createdAt" … />
 */
export function DataTable(props: DataTableProps) {
  const { entity, entityName, columns, rows, sort, onSort, rowLink, rowActions } = props;
  const titleField = entity.title ?? columns[0];
  const defs = useMemo<ColumnDef<Row>[]>(() => {
    const cols: ColumnDef<Row>[] = columns.map((name) => ({
      id: name,
      header: entity.fields[name]?.label ?? humanize(name),
      cell: ({ row }) => {
        const value = (
          <FieldValue
            entity={entityName}
            field={name}
            value={row.original[name]}
            record={row.original}
            context="table"
          />
        );
        const to = name === titleField ? rowLink?.(row.original) : undefined;
        return to ? <Link to={to}>{value}</Link> : value;
      },
    }));
    if (rowActions)
      cols.push({ id: '$actions', header: 'Actions', cell: ({ row }) => rowActions(row.original) });
    return cols;
  }, [columns, entity, entityName, titleField, rowLink, rowActions]);
  const table = useReactTable({
    data: (rows ?? []) as Row[],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    getRowId: (r) => r.id,
  });
  const sortField = sort.replace(/^-/, '');
  const direction = sort.startsWith('-') ? 'desc' : 'asc';

  return (
    <div className="table-scroll">
      <table className="data-table" aria-busy={props.busy || rows === undefined}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((h) => {
                const label = String(h.column.columnDef.header);
                const state = h.id === sortField ? direction : null;
                const ariaSort = state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined;
                return (
                  <th key={h.id} scope="col" aria-sort={ariaSort}>
                    {sortable(entity, h.id) ? (
                      <SortButton
                        label={label}
                        state={state}
                        onClick={() => onSort(state === 'asc' ? `-${h.id}` : h.id)}
                      />
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows === undefined &&
            Array.from({ length: props.skeletonRows ?? 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered.
              <tr key={i} className="skeleton-row">
                {defs.map((d) => (
                  <td key={d.id}>
                    <span className="skeleton skeleton-inline" aria-hidden="true" />
                  </td>
                ))}
              </tr>
            ))}
          {rows?.length === 0 && (
            <tr>
              <td colSpan={defs.length} className="table-empty">
                {props.empty}
              </td>
            </tr>
          )}
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} data-label={String(cell.column.columnDef.header)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
