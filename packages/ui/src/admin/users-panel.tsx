/**
 * Users and roles: every account in a data table sorted by the server (so pages stay
 * right), filterable by role, page by page, each row with its role and its references the
 * admin may set (see user-ref-fields.ts) as selects, and a button to disable or enable the
 * account. The list is live: a change by another admin
 * shows here without a reload. "Add person" invites someone by email; the pending invitations
 * and the service accounts' API keys follow the list.
 */
import { humanize } from '@ninefold/spec';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type AnyRecord, nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { useSession } from '../session/session-provider';
import { AccountToggle } from './account-toggle';
import { InvitationsList } from './invitations-list';
import { InviteButton } from './invite-dialog';
import { LoadingRow } from './loading-row';
import { PagerControls, usePager } from './pager';
import { PanelProblem } from './panel-problem';
import { RefFieldSelect } from './ref-field-select';
import { RoleSelect } from './role-select';
import { ScrollBox } from './scroll-box';
import { ServiceAccounts } from './service-accounts';
import { SortHeader } from './sort-header';
import { useTitlesOf } from './use-titles';
import { userRefFields } from './user-ref-fields';

const NO_ROWS: readonly AnyRecord[] = [];
const NO_TITLES: ReadonlyMap<string, string> = new Map();

/**
 * @example <UsersPanel />
 */
export function UsersPanel() {
  const meta = useMeta();
  const { user: me, role: myRole } = useSession();
  // The sorts the server accepts for users, as the meta gives them: never a guess.
  const sorts = meta.entities.users?.list?.sorts ?? [];
  const roleField = meta.entities.users?.fields.role;
  const roles = roleField?.type === 'enum' ? roleField.values : Object.keys(meta.roles);
  const refs = useMemo(() => userRefFields(meta, myRole), [meta, myRole]);
  const titles = useTitlesOf(refs.map((r) => r.entity));
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [roleFilter, setRoleFilter] = useState('');
  const pager = usePager();
  const sort = sorting[0] ? `${sorting[0].desc ? '-' : ''}${sorting[0].id}` : 'name';
  const list = nf.useList('users', {
    where: roleFilter ? { role: roleFilter } : {},
    sort,
    limit: meta.limits.pageSize.default,
    cursor: pager.cursor,
  });
  const rows = (list.data?.items as readonly AnyRecord[] | undefined) ?? NO_ROWS;
  const roleLabel = (r: unknown) => meta.roles[String(r)]?.label ?? humanize(String(r));

  const columns = useMemo<ColumnDef<AnyRecord>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => String(row.original.name ?? '') },
      { id: 'email', header: 'Email', cell: ({ row }) => String(row.original.email ?? '') },
      {
        id: 'role',
        header: 'Role',
        cell: ({ row }) => <RoleSelect user={row.original} roles={roles} self={row.original.id === me?.id} />,
      },
      ...refs.map(
        ({ field, label, entity, optional }): ColumnDef<AnyRecord> => ({
          id: field,
          header: label,
          cell: ({ row }) => (
            <RefFieldSelect
              user={row.original}
              field={field}
              label={label}
              titles={titles.get(entity) ?? NO_TITLES}
              optional={optional}
            />
          ),
        }),
      ),
      {
        id: 'disabled',
        header: 'Account',
        cell: ({ row }) => <AccountToggle user={row.original} self={row.original.id === me?.id} />,
      },
      {
        id: 'createdAt',
        header: 'Joined',
        cell: ({ row }) => (
          <time dateTime={row.original.createdAt}>
            {new Date(row.original.createdAt).toLocaleDateString()}
          </time>
        ),
      },
    ],
    [roles, me?.id, refs, titles],
  );

  const table = useReactTable({
    data: rows as AnyRecord[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => r.id,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (next) => {
      setSorting(next);
      pager.reset();
    },
  });

  return (
    <section aria-labelledby="admin-users-h">
      <h2 id="admin-users-h">Users and roles</h2>
      <p className="admin-lede">
        Changing a role takes effect at once: the person's sessions end and they sign in again. Disabling an
        account signs the person out everywhere until it is enabled again.
      </p>
      <div className="admin-filters">
        <InviteButton />
        <label htmlFor="admin-users-role">Show</label>
        <select
          id="admin-users-role"
          value={roleFilter}
          onChange={(e) => {
            setRoleFilter(e.target.value);
            pager.reset();
          }}
        >
          <option value="">Every role</option>
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </select>
      </div>
      <PanelProblem error={list.error} />
      <ScrollBox label="Users">
        <table
          className="admin-table admin-users"
          aria-labelledby="admin-users-h"
          aria-busy={list.isFetching}
        >
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <SortHeader
                    key={header.id}
                    header={header}
                    sortable={sorts.includes(header.column.id)}
                    label={String(header.column.columnDef.header)}
                    className={
                      refs.some((r) => r.field === header.column.id)
                        ? 'admin-col-ref'
                        : `admin-col-${header.column.id}`
                    }
                  />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {list.isPending && <LoadingRow columns={columns.length} />}
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) =>
                  cell.column.id === 'name' ? (
                    <th key={cell.id} scope="row">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </th>
                  ) : (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <PagerControls
        pager={pager}
        nextCursor={list.data?.nextCursor}
        pending={list.isPending}
        fetching={list.isFetching}
        summary={`${rows.length} ${rows.length === 1 ? 'user' : 'users'}`}
      />
      {/* Below the table, drawn once its rows are in: were they drawn first, the rows arriving
          would push them down, a layout shift. */}
      {!list.isPending && (
        <>
          <InvitationsList />
          <ServiceAccounts />
        </>
      )}
    </section>
  );
}
