/**
 * A list screen's columns as TanStack Table column definitions: the fields the role may read,
 * each labelled and drawn as the field's value, the title linking to the record's page, the
 * server-sortable ones sortable, and an actions column when rows have buttons.
 */
import { type EntityMeta, humanize } from '@ninefold/spec';
import type { Column, ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { FieldValue } from '../../components/field-value';
import { Link } from '../../router/link';
import { sortable } from './list-query';

/** One record, as the list call returns it. */
export type Row = { readonly id: string; readonly [field: string]: unknown };

export interface ColumnsInput {
  readonly entityName: string;
  readonly entity: EntityMeta;
  readonly columns: readonly string[];
  readonly rowLink?: ((row: Row) => string | undefined) | undefined;
  readonly rowActions?: ((row: Row) => ReactNode) | undefined;
}

/**
 * @example listColumns({ entityName: 'tickets', entity: e, columns: ['subject', 'status'] })
 */
export function listColumns({
  entityName,
  entity,
  columns,
  rowLink,
  rowActions,
}: ColumnsInput): ColumnDef<Row>[] {
  // The title's own column links to the record; a title from elsewhere (`book.title`) links the first.
  const titleField = entity.title && columns.includes(entity.title) ? entity.title : columns[0];
  const list: ColumnDef<Row>[] = columns.map((name) => ({
    id: name,
    header: entity.fields[name]?.label ?? humanize(name),
    accessorFn: (row) => row[name],
    enableSorting: sortable(entity, name),
    cell: ({ row }) => {
      const record = row.original;
      const value = (
        <FieldValue entity={entityName} field={name} value={record[name]} record={record} context="table" />
      );
      const to = name === titleField ? rowLink?.(record) : undefined;
      return to ? <Link to={to}>{value}</Link> : value;
    },
  }));
  if (rowActions) {
    list.push({
      id: '$actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => rowActions(row.original),
    });
  }
  return list;
}

/**
 * A column's header as text (every header here is one), for a cell's `data-label`.
 * @example headerText(cell.column) // 'Subject'
 */
export function headerText(column: Column<Row>): string {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.id;
}
