/**
 * The hooks that read what is not a record or a list: a record's history, the audit log and
 * the rate limits (admins). Each call is aborted when nothing on screen waits for it anymore.
 */
import type {
  AppErrorOf,
  AuditEntry,
  AuditQuery,
  HistoryEntry,
  NinefoldClient,
  Page,
  RatesAnswer,
} from '@ninefold/client';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { keys } from './query-keys';
import type { EntityName } from './spec-types';

/**
 * @example const { useHistory, useAudit, useRates } = readHooks<typeof app>(useClient, useLive);
 */
export function readHooks<A>(
  useClient: () => NinefoldClient<A>,
  useLive: (entity: EntityName<A>, target: { id?: string }, enabled: boolean) => void,
) {
  type Err = AppErrorOf<A>;
  return {
    /**
     * A record's history, oldest first. Keyed under the entity, so any live view of it (the
     * record's own `useRecord`) refreshes the history too; `live: false` opens no
     * subscription of its own for a page that already has one.
     * @example const history = useHistory('tickets', id, { live: false }); history.data?.map((e) => e.name)
     */
    useHistory<E extends EntityName<A>>(entity: E, id: string, opts: { live?: boolean } = {}) {
      const client = useClient();
      useLive(entity, { id }, opts.live !== false);
      return useQuery<HistoryEntry[], Err>({
        queryKey: keys.history(entity, id),
        queryFn: async ({ signal }) => (await client.history(entity, id, { signal })).items,
      });
    },

    /**
     * The audit log (admins), newest first, a page at a time: `fetchNextPage` appends the
     * next. A new query shows the old entries until its first page is in.
     * @example const log = useAudit({ entity: 'users', limit: 25 }); log.data?.pages.flatMap((p) => p.items)
     */
    useAudit(query: Omit<AuditQuery, 'cursor'> = {}) {
      const client = useClient();
      return useInfiniteQuery<
        Page<AuditEntry>,
        Err,
        InfiniteData<Page<AuditEntry>, string | null>,
        ReturnType<typeof keys.audit>,
        string | null
      >({
        queryKey: keys.audit(query),
        queryFn: ({ pageParam, signal }) => client.audit({ ...query, cursor: pageParam }, { signal }),
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
        placeholderData: (previous) => previous,
      });
    },

    /**
     * What the rate limits hold now (admins): keys counted and at the limit, per limit.
     * @example const rates = useRates(); rates.data?.items.filter((r) => r.limited > 0)
     */
    useRates() {
      const client = useClient();
      return useQuery<RatesAnswer, Err>({
        queryKey: keys.rates(),
        queryFn: ({ signal }) => client.rates({ signal }),
        // Counts of a moving window: read again whenever asked, never taken from the cache as current.
        staleTime: 0,
      });
    },
  };
}
