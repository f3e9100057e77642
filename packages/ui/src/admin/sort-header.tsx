/**
 * A column header of a data table: a button that sorts by the column when it can, with
 * the current order on the header itself (aria-sort) for screen readers.
 */
import type { Header } from '@tanstack/react-table';

export interface SortHeaderProps<T> {
  readonly header: Header<T, unknown>;
  readonly sortable: boolean;
  readonly label: string;
  readonly className?: string;
}

/**
 * @example <SortHeader header={header} sortable label="Name" />
 */
export function SortHeader<T>({ header, sortable, label, className }: SortHeaderProps<T>) {
  const cls = className ? { className } : {};
  if (!sortable)
    return (
      <th scope="col" {...cls}>
        {label}
      </th>
    );
  const order = header.column.getIsSorted();
  return (
    <th
      scope="col"
      {...cls}
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}
    >
      <button type="button" className="admin-sort" onClick={header.column.getToggleSortingHandler()}>
        {label}
        <span aria-hidden="true" className="admin-sort-mark">
          {order === 'asc' ? '▲' : order === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
