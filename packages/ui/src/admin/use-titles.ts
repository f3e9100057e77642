/**
 * The titles of an entity's records by id (a person's name, a record's title), to show
 * references in words. One page of the largest size: enough for the people and the few
 * records an admin console refers to; an id past it reads as a short id instead.
 */
import { queryKeys } from '@ninefold/react';
import { recordTitle, shortId, titleRefs } from '@ninefold/spec';
import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type AnyRecord, nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';

type Titles = ReadonlyMap<string, string>;

const NONE: Titles = new Map();

/**
 * The titles of the records of each entity named, by entity; an entity the app lacks has
 * none (and is not asked for).
 * @example const titles = useTitlesOf(['users', 'regions']); titles.get('regions')?.get(id) // 'North'
 */
export function useTitlesOf(entities: readonly string[]): ReadonlyMap<string, Titles> {
  const meta = useMeta();
  const client = nf.useClient();
  const known = entities.filter((e) => meta.entities[e] !== undefined);
  const key = known.join(',');
  // Stable while `key` and the meta are, so the maps are remade only when an answer changes.
  const combine = useCallback(
    (answers: readonly { readonly data?: { readonly items: readonly AnyRecord[] } | undefined }[]) => {
      const out = new Map<string, Titles>();
      key.split(',').forEach((entity, i) => {
        const e = meta.entities[entity];
        if (!e) return;
        const items = answers[i]?.data?.items ?? [];
        out.set(entity, new Map(items.map((r) => [r.id, recordTitle(e, r)] as const)));
      });
      return out as ReadonlyMap<string, Titles>;
    },
    [key, meta.entities],
  );
  return useQueries({
    queries: known.map((entity) => {
      // A title through references reads them expanded, each judged by its own read rule.
      const refs = titleRefs(meta.entities[entity]!);
      const query = { limit: meta.limits.pageSize.max, ...(refs.length > 0 ? { expand: refs } : {}) };
      return {
        queryKey: queryKeys.list(entity, query),
        queryFn: () => client.list(entity, query as never),
      };
    }),
    combine,
  });
}

/**
 * @example const people = useTitles('users'); people.get(entry.actor) // 'Ann Lee'
 */
export function useTitles(entity: string): Titles {
  return useTitlesOf([entity]).get(entity) ?? NONE;
}

/**
 * A reference in words: its title when known, else the end of its id.
 * @example refText(regions, null) // '—'
 */
export function refText(titles: Titles, id: unknown): string {
  if (id === null || id === undefined || id === '') return '—';
  return titles.get(String(id)) ?? shortId(id);
}
