/**
 * Toasts for what happened: a success in a few words, a failure in the catalogue's words
 * with its parameters ("You can have at most 5 open tickets.").
 */
import { useCallback, useMemo } from 'react';
import { toast } from 'sonner';
import { problemMessage } from '../api/api-error';
import { useMeta } from '../meta/meta-provider';

export interface Notify {
  success(message: string): void;
  error(error: unknown): void;
}

/**
 * @example const notify = useNotify(); try { … } catch (e) { notify.error(e); }
 */
export function useNotify(): Notify {
  const meta = useMeta();
  const success = useCallback((message: string) => {
    toast.success(message);
  }, []);
  const error = useCallback(
    (e: unknown) => {
      toast.error(problemMessage(e, meta.errors));
    },
    [meta.errors],
  );
  return useMemo(() => ({ success, error }), [success, error]);
}
