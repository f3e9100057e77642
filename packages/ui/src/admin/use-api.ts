/**
 * One GET as React state: loading, the answer, or the failure, with a reload. A newer path
 * aborts the older request, so a slow answer never overwrites a fresh one.
 */
import { useCallback, useEffect, useState } from 'react';
import { adminFetch } from './admin-fetch';

export interface ApiState<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
  reload(): void;
}

/**
 * @example const { data } = useApi<{ items: QuotaUsage[] }>('/api/quotas');
 * @example useApi(ready ? '/api/quotas' : null) // null: wait, fetch nothing yet
 */
export function useApi<T>(path: string | null): ApiState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: path !== null,
  });
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    // The previous answer stays on screen while the next loads: no flash of empty tables.
    setState((s) => ({ ...s, loading: true }));
    adminFetch<T>(path, { signal: controller.signal }).then(
      (data) => setState({ data, error: undefined, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error, loading: false }));
      },
    );
    return () => controller.abort();
  }, [path, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
