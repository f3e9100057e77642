/**
 * Toasts for what happened: a success in a few words, a failure in the catalogue's words
 * with its parameters ("You can have at most 5 open tickets.").
 */
import { useCallback, useMemo } from 'react';
import { useMeta } from '../meta/meta-provider';
import { problemMessage } from './problem-message';

// The toaster's code loads after the first render (see AppShell); a toast waits for it.
const toaster = () => import('sonner').then((m) => m.toast);

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
    void toaster().then((toast) => toast.success(message));
  }, []);
  const error = useCallback(
    (e: unknown) => {
      const message = problemMessage(e, meta.errors);
      void toaster().then((toast) => toast.error(message));
    },
    [meta.errors],
  );
  return useMemo(() => ({ success, error }), [success, error]);
}
