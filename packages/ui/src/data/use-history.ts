/**
 * A record's history (`GET /api/entities/:entity/:id/history`): who changed what, and
 * which transitions ran. Keyed under the entity, so the realtime refresh of the entity
 * (another user's change) refreshes the history too.
 */
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api/api-fetch';

/** One entry of a record's history, oldest first. */
export interface HistoryEntry {
  readonly id: string;
  readonly at: string;
  readonly actor: string | null;
  readonly actorRole: string | null;
  readonly operation: string;
  /** The transition's or action's name. */
  readonly name: string | null;
  readonly fromState: string | null;
  readonly toState: string | null;
  /** Per field, `[before, after]`. */
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
}

/**
 * @example const { data } = useHistory('tickets', id); data?.map((e) => e.name)
 */
export function useHistory(entity: string, id: string) {
  return useQuery({
    queryKey: ['nf', entity, 'history', id],
    queryFn: async () =>
      (
        await apiFetch<{ items: HistoryEntry[] }>(
          `/api/entities/${encodeURIComponent(entity)}/${encodeURIComponent(id)}/history`,
        )
      ).items,
  });
}
