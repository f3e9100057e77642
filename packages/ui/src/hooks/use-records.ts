/**
 * One entity's list, page by page: the first page on mount, more on demand, and a reload
 * after a write. The hooks package (TanStack Query, live updates) will take this over.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetch } from '../api/api-fetch';
import type { ApiRecord, Page } from '../api/api-types';

export interface RecordsState {
  readonly items: readonly ApiRecord[];
  readonly nextCursor: string | null;
  readonly loading: boolean;
  readonly error: unknown;
  loadMore(): void;
  reload(): void;
}

function listUrl(entity: string, query: Readonly<Record<string, string>>, cursor?: string): string {
  const params = new URLSearchParams(query);
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return `/api/entities/${encodeURIComponent(entity)}${qs ? `?${qs}` : ''}`;
}

/**
 * @example const { items, nextCursor, loadMore } = useRecords('tickets', { sort: '-createdAt' });
 */
export function useRecords(entity: string, query: Readonly<Record<string, string>> = {}): RecordsState {
  const [items, setItems] = useState<readonly ApiRecord[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(undefined);
  const [generation, setGeneration] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const queryKey = JSON.stringify(query);

  const fetchPage = useCallback(
    (cursor: string | undefined) => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      setLoading(true);
      apiFetch<Page>(listUrl(entity, JSON.parse(queryKey), cursor), { signal: c.signal }).then(
        (page) => {
          setItems((before) => (cursor ? [...before, ...page.items] : page.items));
          setNextCursor(page.nextCursor);
          setError(undefined);
          setLoading(false);
        },
        (e: unknown) => {
          if (c.signal.aborted) return;
          setError(e);
          setLoading(false);
        },
      );
    },
    [entity, queryKey],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    fetchPage(undefined);
    return () => controller.current?.abort();
  }, [fetchPage, generation]);

  const loadMore = useCallback(() => {
    if (nextCursor) fetchPage(nextCursor);
  }, [fetchPage, nextCursor]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  return { items, nextCursor, loading, error, loadMore, reload };
}
