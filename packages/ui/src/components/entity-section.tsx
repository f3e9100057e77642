/**
 * One entity on the page for the signed-in role: its records in a table, and a create form
 * when the role may create them. A later issue gives each its own route from `screens`.
 */
import { SYSTEM_FIELDS } from '@ninefold/spec';
import { useId, useMemo } from 'react';
import { usePublishTitles } from '../hooks/ref-titles-provider';
import { useRecords } from '../hooks/use-records';
import { useMeta } from '../meta/meta-provider';
import { createFields, readableFields, screenFor, tableColumns } from '../permissions/role-view';
import { useSession } from '../session/session-provider';
import { RecordForm } from './record-form';
import { RecordTable } from './record-table';

/** The list query: the list screen's sort when the role may sort on it, else the server's default. */
function listQuery(sort: string | undefined, readable: readonly string[]): Record<string, string> {
  const field = sort?.replace(/^-/, '');
  const known = (f: string) => readable.includes(f) || (SYSTEM_FIELDS as readonly string[]).includes(f);
  return sort && field && known(field) ? { sort } : {};
}

/**
 * @example <EntitySection entity="tickets" />
 */
export function EntitySection({ entity }: { readonly entity: string }) {
  const meta = useMeta();
  const { role } = useSession();
  const headingId = useId();
  const e = meta.entities[entity]!;
  const columns = useMemo(() => tableColumns(meta, role, entity), [meta, role, entity]);
  const query = useMemo(
    () => listQuery(screenFor(meta, role, entity, 'list')?.sort, readableFields(meta, role, entity)),
    [meta, role, entity],
  );
  const records = useRecords(entity, query);
  usePublishTitles(entity, records.items);
  const canCreate = createFields(meta, role, entity).length > 0;

  return (
    <section className="entity-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{e.label}</h2>
      {e.description && <p>{e.description}</p>}
      <RecordTable entity={e} columns={columns} records={records} labelledBy={headingId} />
      {canCreate && <RecordForm entity={entity} onCreated={records.reload} />}
    </section>
  );
}
