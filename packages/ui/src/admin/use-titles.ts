/**
 * The titles of an entity's records by id (a team's name, a user's name), to show
 * references in words. One page of the largest size: enough for the people and teams of
 * an admin console; an id past it reads as a short id instead.
 */
import { queryKeys } from '@ninefold/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';

/**
 * @example const teams = useTitles('teams'); teams.get(user.team) // 'Support'
 */
export function useTitles(entity: string): ReadonlyMap<string, string> {
  const meta = useMeta();
  const client = nf.useClient();
  const node = meta.entities[entity];
  const query = { limit: meta.limits.pageSize.max };
  // Not useList: an app without the entity (no teams) must not ask for it at all.
  const { data } = useQuery({
    queryKey: queryKeys.list(entity, query),
    queryFn: () => client.list(entity, query),
    enabled: node !== undefined,
  });
  const title = node?.title ?? 'id';
  return useMemo(
    () => new Map((data?.items ?? []).map((r) => [r.id, String(r[title] ?? r.id)] as const)),
    [data, title],
  );
}

/**
 * A reference in words: its title when known, else the end of its id.
 * @example refText(teams, null) // '—'
 */
export function refText(titles: ReadonlyMap<string, string>, id: unknown): string {
  if (id === null || id === undefined || id === '') return '—';
  return titles.get(String(id)) ?? `#${String(id).slice(-6)}`;
}
