/**
 * The hooks over many records at once: an aggregate kept live (any change to the entity
 * refreshes it), and an import as a mutation that shows the server's progress while it runs.
 */
import type {
  AggregateAnswerOf,
  AggregateQuery,
  AppErrorOf,
  ImportOptions,
  ImportProgress,
  NinefoldClient,
  Where,
} from '@ninefold/client';
import type { ImportReport } from '@ninefold/spec';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { keys } from './query-keys';
import type { CreateInput, EntityName } from './spec-types';

/** What an import mutation takes: CSV text with a header row, or create inputs. */
export type ImportRows<A, E extends EntityName<A>> = string | readonly CreateInput<A, E>[];

/**
 * @example const { useAggregate, useImport } = queryHooks<typeof app>(useClient, useLive);
 */
export function queryHooks<A>(
  useClient: () => NinefoldClient<A>,
  useLive: <E extends EntityName<A>>(entity: E, target: { where?: Where<A, E> }, enabled: boolean) => void,
) {
  type Err = AppErrorOf<A>;
  return {
    /**
     * A live aggregate: groups with count, sum, avg, min, max over what the caller may read,
     * typed by the query; refetched when any record of the entity changes.
     * @example
     * const byStatus = useAggregate('tickets', { groupBy: ['status'], count: true });
     * byStatus.data?.groups.map((g) => [g.key.status, g.count]);
     */
    useAggregate<E extends EntityName<A>, const Q extends AggregateQuery<A, E>>(
      entity: E,
      query: Q,
      opts: { live?: boolean; enabled?: boolean } = {},
    ) {
      const client = useClient();
      const enabled = opts.enabled !== false;
      useLive(entity, query.where ? { where: query.where } : {}, enabled && opts.live !== false);
      return useQuery<AggregateAnswerOf<A, E, Q>, Err>({
        queryKey: keys.aggregate(entity, query),
        queryFn: ({ signal }) => client.aggregate(entity, query, { signal }),
        placeholderData: (prev) => prev,
        enabled,
      });
    },

    /**
     * Imports rows into an entity; `progress` follows the server's count of rows done while
     * it runs. Once settled the entity's lists, totals and aggregates are read again.
     * @example
     * const imp = useImport('tickets');
     * imp.mutate({ rows: csvText, mode: 'each' });
     * imp.progress && `${imp.progress.done} / ${imp.progress.total}`; imp.data?.failed;
     */
    useImport<E extends EntityName<A>>(entity: E) {
      const client = useClient();
      const qc = useQueryClient();
      const [progress, setProgress] = useState<ImportProgress | null>(null);
      const mutation = useMutation<
        ImportReport,
        Err,
        { rows: ImportRows<A, E>; mode?: ImportOptions['mode'] }
      >({
        mutationFn: ({ rows, mode }) => {
          setProgress(null);
          return client.import(entity, rows, { ...(mode ? { mode } : {}), onProgress: setProgress });
        },
        onSettled: async () => {
          await qc.invalidateQueries({ queryKey: keys.entity(entity) });
          await qc.invalidateQueries({ queryKey: keys.quotas() });
        },
      });
      return { ...mutation, progress };
    },
  };
}
