/**
 * Toasts for what happened: a success in a few words, a failure in the catalogue's words
 * with its parameters ("You can have at most 5 open tickets.").
 */
import { useCallback, useMemo } from 'react';
import { useMeta } from '../meta/meta-provider';
import { problemMessage } from './problem-message';

// The toaster's code loads after the first render (see AppShell); a toast waits for it.
const toaster = () => import('sonner').then((m) => m.toast);

/** Toasts for an outcome. */
export interface Notify {
  /** Something done, in a few words. */
  success(message: string): void;
  /** A refusal, in the catalogue's words. */
  error(error: unknown): void;
  /** Something not done, in the app's words, with why beneath (e.g. `refusalText`). */
  failure(message: string, description?: string): void;
}

/**
 * @example const notify = useNotify(); try { … } catch (e) { notify.error(e); }
 * @example notify.failure('Region North was not deleted.', problemMessage(e, meta.errors));
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
  const failure = useCallback((message: string, description?: string) => {
    void toaster().then((toast) => toast.error(message, description === undefined ? {} : { description }));
  }, []);
  return useMemo(() => ({ success, error, failure }), [success, error, failure]);
}
