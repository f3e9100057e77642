/**
 * A cursor-paginated list as React state: the first page for a query, more pages appended
 * on demand. A new query replaces the list; the old rows stay on screen until it answers.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminFetch, type CursorPage, withQuery } from './admin-fetch';

export interface CursorListState<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
  readonly loading: boolean;
  readonly error: unknown;
  loadMore(): void;
  reload(): void;
}

/**
 * @example const log = useCursorList<AuditEntry>('/api/audit', { entity: 'users', limit: '25' });
 */
export function useCursorList<T>(
  path: string,
  query: Readonly<Record<string, string | undefined>>,
): CursorListState<T> {
  const [items, setItems] = useState<readonly T[]>([]);
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
      const url = withQuery(path, { ...JSON.parse(queryKey), cursor });
      adminFetch<CursorPage<T>>(url, { signal: c.signal }).then(
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
    [path, queryKey],
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
