/**
 * A `list` screen: the entity's records as a data table with the screen's filters and
 * search, sortable columns and keyset paging with the total — all kept in the URL — and
 * live: another person's change shows without a reload. The list exports as CSV, and roles
 * that may create its records import them from CSV.
 */
import { humanize } from '@ninefold/spec';
import { useCallback, useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { ProblemAlert } from '../../components/problem-alert';
import { nf } from '../../data/ninefold';
import { useMeta } from '../../meta/meta-provider';
import { mayDo, readableFields, tableColumns } from '../../permissions/role-view';
import type { PageProps } from '../../registry/ui-registry';
import { Link } from '../../router/link';
import { useSearch } from '../../router/router-provider';
import { screenRoute } from '../../screens/screen-entries';
import { useSession } from '../../session/session-provider';
import { DataTable, type Row } from './data-table';
import { ExportButton } from './export-button';
import { ImportDialog } from './import-dialog';
import { ListFilters } from './list-filters';
import { FIRST_PAGE, listCall, nextPage, previousPage, readListState, searchFields } from './list-query';
import { Pager } from './pager';
import '../../styles/table.css';

// One empty list, so a failed page does not hand the table a new array on every render.
const NO_ROWS: readonly Row[] = [];

/**
 * @example <ListPage name="tickets" screen={meta.screens.tickets!} params={{}} />
 */
export function ListPage(page: PageProps) {
  const { screen } = page;
  const name = screen.entity ?? '';
  const meta = useMeta();
  const { role } = useSession();
  const entity = meta.entities[name]!;
  const [params, setParams] = useSearch();
  const state = readListState(params, screen);
  const pageSize = meta.limits.pageSize.default;
  const call = listCall(entity, screen, state, pageSize);
  const list = nf.useList(name, { ...call, where: call.where as never } as never);
  const total = list.data?.total;
  const totalIsLowerBound = list.data?.totalIsLowerBound === true;
  const [importing, setImporting] = useState(false);
  const readable = readableFields(meta, role, name);
  // Kept from render to render, so the table's rows are drawn again only when they change.
  const columns = useMemo(() => tableColumns(meta, role, name), [meta, role, name]);
  const filters = (screen.filters ?? []).filter((f) => readable.includes(f));
  const formRoute = screenRoute(meta.screens, role, name, 'form');
  const formTitle = Object.values(meta.screens).find((s) => s.route === formRoute)?.title;
  const filtered = Object.keys(state.filters).length > 0 || state.search.trim() !== '';
  const label = entity.label.toLowerCase();
  // The server's search (full text, or its title), else `contains` on the screen's field.
  const searchLabel =
    searchFields(entity).length > 0
      ? label
      : screen.search && readable.includes(screen.search)
        ? (entity.fields[screen.search]?.label ?? humanize(screen.search)).toLowerCase()
        : undefined;
  const mayImport = mayDo(meta, role, name, 'create');

  const change = useCallback(
    // A new view starts again from its first page.
    (changes: Record<string, string | null>) => setParams({ ...changes, ...FIRST_PAGE }, { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((q: string) => change({ q }), [change]);
  const rowLink = useCallback(
    (row: Row) => screenRoute(meta.screens, role, name, 'detail', { id: row.id }),
    [meta.screens, role, name],
  );
  return (
    <>
      <PageHeader
        page={page}
        actions={
          <>
            {role !== 'anonymous' && (
              <ExportButton entity={name} where={call.where} sort={call.sort} search={call.search} />
            )}
            {mayImport && (
              <button type="button" className="secondary" onClick={() => setImporting(true)}>
                Import CSV
              </button>
            )}
            {formRoute && (
              <Link to={formRoute} className="button">
                {formTitle ?? `New ${humanize(name)}`}
              </Link>
            )}
          </>
        }
      />
      {importing && <ImportDialog entityName={name} entity={entity} onClose={() => setImporting(false)} />}
      <ListFilters
        entity={entity}
        filters={filters}
        values={state.filters}
        searchLabel={searchLabel}
        searchValue={state.search}
        onFilter={(f, v) => change({ [f]: v })}
        onSearch={onSearch}
      />
      {list.isError && <ProblemAlert error={list.error} />}
      <DataTable
        entityName={name}
        entity={entity}
        columns={columns}
        rows={list.isError ? NO_ROWS : (list.data?.items as Row[] | undefined)}
        busy={list.isFetching}
        sort={state.sort}
        onSort={(sort) => change({ sort })}
        filters={state.filters}
        search={state.search}
        page={state.page}
        pageSize={pageSize}
        rowLink={rowLink}
        caption={screen.title}
        skeletonRows={10}
        empty={
          filtered && list.data?.nextCursor ? (
            // A search looks through a bounded window of records per page (the server's
            // `containsWindow`): an empty page with a next cursor means "none here, look on".
            <>No {label} match in this stretch of the list; Next searches further.</>
          ) : filtered ? (
            <>
              No {label} match these filters.{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => change(Object.fromEntries([...filters, 'q'].map((f) => [f, null])))}
              >
                Clear the filters
              </button>
            </>
          ) : (
            <>No {label} yet.</>
          )
        }
      />
      <Pager
        hasPrevious={state.page > 1}
        nextCursor={list.data?.nextCursor}
        busy={list.isFetching}
        page={state.page}
        pageSize={pageSize}
        shown={list.data?.items.length}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        onPrevious={() => setParams(previousPage(state))}
        onNext={(cursor) => setParams(nextPage(state, cursor))}
      />
    </>
  );
}
