/**
 * Loads `/api/meta` once — the client-facing spec: entities, permissions, screens, errors —
 * and gives it to the tree. Nothing renders until it is here, since every page reads it.
 */
import type { MetaAnswer } from '@ninefold/client';
import { createContext, type ReactNode, useContext } from 'react';
import { nf } from '../data/ninefold';
import { problemMessage } from '../feedback/problem-message';

const MetaContext = createContext<MetaAnswer | null>(null);

/**
 * Provides the app's meta; shows a placeholder of the page frame, or the failure with a retry.
 * @example <MetaProvider><App /></MetaProvider>
 */
export function MetaProvider({ children }: { readonly children: ReactNode }) {
  const meta = nf.useMeta();
  if (meta.isPending) {
    return (
      <div className="app-loading" aria-busy="true">
        <div className="app-header skeleton-bar" />
        <p className="visually-hidden" role="status">
          Loading…
        </p>
      </div>
    );
  }
  if (meta.isError) {
    return (
      <div className="page-note" role="alert">
        <p>The app could not start: {problemMessage(meta.error)}</p>
        <button type="button" onClick={() => void meta.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <MetaContext.Provider value={meta.data}>{children}</MetaContext.Provider>;
}

/**
 * The app's meta, as `/api/meta` sent it.
 * @example const meta = useMeta(); meta.entities.tickets?.label // 'Tickets'
 */
export function useMeta(): MetaAnswer {
  const meta = useContext(MetaContext);
  if (!meta) throw new Error('useMeta() must be used inside <MetaProvider>.');
  return meta;
}
