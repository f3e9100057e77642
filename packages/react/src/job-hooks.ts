/**
 * The hooks of the job queue (admins): its jobs a page at a time, filtered by status and
 * kind — webhook deliveries among them — and a retry that refreshes every list of them.
 */
import type { AppErrorOf, JobEntry, JobListQuery, NinefoldClient } from '@ninefold/client';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { keys } from './query-keys';

/**
 * @example const { useJobs, useRetryJob } = jobHooks<typeof app>(useClient);
 */
export function jobHooks<A>(useClient: () => NinefoldClient<A>) {
  type Err = AppErrorOf<A>;
  return {
    /**
     * Jobs, newest first, `limit` a page (`fetchNextPage` for older ones); `refetchInterval`
     * keeps a console on screen current while jobs run.
     * @example const jobs = useJobs({ kind: 'webhook', status: 'dead' }); jobs.items.length
     */
    useJobs(query: Omit<JobListQuery, 'before'> & { refetchInterval?: number } = {}) {
      const client = useClient();
      const { refetchInterval, limit = 50, ...filter } = query;
      const list = useInfiniteQuery<
        JobEntry[],
        Err,
        InfiniteData<JobEntry[], string | null>,
        ReturnType<typeof keys.jobs>,
        string | null
      >({
        queryKey: keys.jobs({ ...filter, limit }),
        queryFn: ({ pageParam, signal }) =>
          client.jobs.list({ ...filter, limit, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
        initialPageParam: null,
        // A short page is the last; the next starts before the oldest job shown.
        getNextPageParam: (last) => (last.length < limit ? undefined : (last.at(-1)?.id ?? undefined)),
        placeholderData: (previous) => previous,
        staleTime: 0,
        ...(refetchInterval ? { refetchInterval } : {}),
      });
      const items = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
      return { ...list, items };
    },

    /**
     * Runs a dead or cancelled job again; every list of jobs is read again after.
     * @example const retry = useRetryJob(); retry.mutate(job.id);
     */
    useRetryJob() {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<JobEntry, Err, string>({
        mutationFn: (id) => client.jobs.retry(id),
        onSettled: () => qc.invalidateQueries({ queryKey: keys.jobs() }),
      });
    },
  };
}
