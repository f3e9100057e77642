/**
 * Records as a data table on TanStack Table (headless: the markup is ours): the columns the
 * role may read, the title linking to the record, sorting by the server from the column
 * headers, fixed-height placeholder rows while loading and a plain sentence when there is
 * nothing to show. The server sorts, filters and pages (the table is told so: `manual*`), so
 * the table only draws, each row drawn again only when its record changes.
 */
import type { EntityMeta } from '@ninefold/spec';
import {
  flexRender,
  getCoreRowModel,
  type SortingState,
  type Row as TableRowModel,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { memo, type ReactNode, useDeferredValue, useMemo } from 'react';
import { headerText, listColumns, type Row } from './table-columns';

export type { Row } from './table-columns';

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
  /** The server's filters and search, for the table's state (it does not filter itself). */
  readonly filters?: Readonly<Record<string, string>> | undefined;
  readonly search?: string | undefined;
  /** The page shown (1-based) and its size, for the table's state (the server pages). */
  readonly page?: number | undefined;
  readonly pageSize?: number | undefined;
  /** The link of a row's record page, if the role has one. */
  readonly rowLink?: ((row: Row) => string | undefined) | undefined;
  /** Buttons at the end of each row. */
  readonly rowActions?: ((row: Row) => ReactNode) | undefined;
  readonly caption: string;
  readonly empty: ReactNode;
  readonly skeletonRows?: number;
}

const NO_ROWS: Row[] = [];
const NO_FILTERS: Readonly<Record<string, string>> = {};

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

// Compared by its record, not TanStack's row object (made afresh whenever the page's data
// is): the query keeps an unchanged record the same object, so a refresh or a live update
// draws again only the rows whose records changed.
const TableRow = memo(
  function TableRow({
    row,
  }: {
    readonly row: TableRowModel<Row>;
    readonly record: Row;
    readonly columns: unknown;
  }) {
    return (
      <tr>
        {row.getVisibleCells().map((cell) => (
          <td key={cell.column.id} data-label={headerText(cell.column)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    );
  },
  (a, b) => a.record === b.record && a.columns === b.columns,
);

/**
 * @example <DataTable entityName="tickets" entity={e} columns={['subject']} rows={items} sort="-createdAt" … />
 */
export function DataTable(props: DataTableProps) {
  const { entity, entityName, columns, sort, onSort, rowLink, rowActions } = props;
  // Rows are drawn in the background, in slices the browser can interleave with input, so a
  // page of rows arriving never freezes a slow phone; what was shown stays until they are.
  const rows = useDeferredValue(props.rows);
  const defs = useMemo(
    () => listColumns({ entityName, entity, columns, rowLink, rowActions }),
    [entityName, entity, columns, rowLink, rowActions],
  );
  const sorting = useMemo<SortingState>(
    () => [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }],
    [sort],
  );
  const filters = props.filters ?? NO_FILTERS;
  const columnFilters = useMemo(
    () => Object.entries(filters).map(([id, value]) => ({ id, value })),
    [filters],
  );
  const table = useReactTable({
    data: (rows as Row[] | undefined) ?? NO_ROWS,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: {
      sorting,
      columnFilters,
      globalFilter: props.search ?? '',
      pagination: { pageIndex: (props.page ?? 1) - 1, pageSize: props.pageSize ?? rows?.length ?? 0 },
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      if (next) onSort(`${next.desc ? '-' : ''}${next.id}`);
    },
  });
  const headers = table.getHeaderGroups();
  const width = table.getVisibleLeafColumns().length;

  return (
    <div className="table-scroll">
      <table className="data-table" aria-busy={props.busy || rows === undefined || rows !== props.rows}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {headers.map((group) => (
            <tr key={group.id}>
              {group.headers.map(({ column }) => {
                const state = column.getIsSorted() || null;
                const ariaSort = state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined;
                const label = headerText(column);
                return (
                  <th key={column.id} scope="col" aria-sort={ariaSort}>
                    {column.getCanSort() ? (
                      <SortButton
                        label={label}
                        state={state}
                        onClick={() => column.toggleSorting(state === 'asc')}
                      />
                    ) : (
                      label
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
                {defs.map((c) => (
                  <td key={c.id}>
                    <span className="skeleton skeleton-inline" aria-hidden="true" />
                  </td>
                ))}
              </tr>
            ))}
          {rows?.length === 0 && (
            <tr>
              <td colSpan={width} className="table-empty">
                {props.empty}
              </td>
            </tr>
          )}
          {rows !== undefined &&
            table
              .getRowModel()
              .rows.map((row) => <TableRow key={row.id} row={row} record={row.original} columns={defs} />)}
        </tbody>
      </table>
    </div>
  );
}
