/**
 * The audit log, newest first: every create, update, delete, transition and action, with
 * filters (entity, record, actor, operation, days) and cursor pagination — "Show older" appends the next page.
 */
import { useCallback, useMemo, useState } from 'react';
import { nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { type AuditFilter, AuditFilters, auditQuery, NO_FILTER } from './audit-filters';
import { AuditRow } from './audit-row';
import { ListFooter } from './list-footer';
import { LoadingRow } from './loading-row';
import { PanelProblem } from './panel-problem';
import { ScrollBox } from './scroll-box';
import { useTitlesOf } from './use-titles';

const NO_TITLES: ReadonlyMap<string, string> = new Map();

/**
 * @example <AuditPanel />
 */
export function AuditPanel() {
  const meta = useMeta();
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const log = nf.useAudit({ ...auditQuery(filter), limit: meta.limits.pageSize.default });
  const items = useMemo(() => log.data?.pages.flatMap((p) => p.items) ?? [], [log.data]);
  const loading = log.isFetching;
  // People by name, and what their own references point at (as the users list shows them).
  const referenced = useMemo(
    () => [
      'users',
      ...new Set(
        Object.values(meta.entities.users?.fields ?? {}).flatMap((f) => (f.type === 'ref' ? [f.entity] : [])),
      ),
    ],
    [meta.entities.users],
  );
  const titles = useTitlesOf(referenced);
  const people = titles.get('users') ?? NO_TITLES;
  const lookup = useCallback((entity: string, id: string) => titles.get(entity)?.get(id), [titles]);
  const onRecord = useCallback(
    (entity: string, recordId: string) => setFilter({ ...NO_FILTER, entity, recordId }),
    [],
  );
  return (
    <section aria-labelledby="admin-audit-h">
      <h2 id="admin-audit-h">Audit log</h2>
      <AuditFilters value={filter} people={people} onApply={setFilter} />
      <PanelProblem error={log.error} />
      <ScrollBox label="Audit log">
        <table className="admin-table admin-audit" aria-labelledby="admin-audit-h" aria-busy={loading}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Record</th>
              <th scope="col">State</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {loading && items.length === 0 && <LoadingRow columns={6} />}
            {items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} lookup={lookup} onRecord={onRecord} />
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <ListFooter
        count={items.length}
        noun={['entry', 'entries']}
        loading={loading}
        more={log.hasNextPage}
        onMore={() => void log.fetchNextPage()}
        moreLabel="Show older entries"
      />
    </section>
  );
}
