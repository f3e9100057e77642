/**
 * The title of a record already on the page (a detail page's heading, a card): its own
 * fields, and when the entity's title reads through references (`'{book.title} for
 * {borrower.name}'`), those records, fetched once with `?expand=` and each judged by its
 * own read rule.
 */
import { queryKeys } from '@ninefold/react';
import { type ExpandedRefs, recordTitle, titleRefs } from '@ninefold/spec';
import { useQuery } from '@tanstack/react-query';
import { useMeta } from '../meta/meta-provider';
import { type AnyRecord, nf } from './ninefold';

/**
 * The query of a record with the references its title reads expanded; under the record's
 * key, so a change to the record refreshes it too. Disabled when `refs` is empty or no id.
 * @example useQuery(titleQuery(client, 'loans', id, ['book', 'borrower']))
 */
export function titleQuery(
  client: ReturnType<typeof nf.useClient>,
  entity: string,
  id: string | null | undefined,
  refs: readonly string[],
  enabled = true,
) {
  return {
    queryKey: [...queryKeys.record(entity, id ?? ''), { expand: refs }] as const,
    queryFn: () => client.get(entity, id as string, { expand: refs as never }) as Promise<AnyRecord>,
    enabled: enabled && Boolean(id) && refs.length > 0,
  };
}

/**
 * The record's title; `fallback` (default a short id) when none of its parts is known.
 * @example const heading = useRecordTitle('loans', loan, 'Loan'); // 'Dune for Ann Lee'
 */
export function useRecordTitle(
  entity: string,
  record: AnyRecord | undefined,
  fallback?: string,
): string | undefined {
  const meta = useMeta();
  const client = nf.useClient();
  const e = meta.entities[entity];
  const refs = e ? titleRefs(e) : [];
  const expanded = useQuery(titleQuery(client, entity, record?.id, refs));
  if (!e || !record) return undefined;
  const $expand = (record.$expand ?? expanded.data?.$expand) as ExpandedRefs | undefined;
  return recordTitle(e, record, $expand, fallback);
}
