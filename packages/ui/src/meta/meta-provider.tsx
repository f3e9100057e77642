/**
 * Loads `/api/meta` once — the client-facing spec: entities, permissions, screens, errors —
 * and gives it to the tree. Nothing renders until it is here, since every page reads it.
 */
import type { ClientMeta } from '@ninefold/spec';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { problemMessage } from '../api/api-error';
import { apiFetch } from '../api/api-fetch';

const MetaContext = createContext<ClientMeta | null>(null);

type MetaState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; meta: ClientMeta };

/**
 * Provides the app's meta; shows a loading note, or the failure with a retry button.
 * @example <MetaProvider><App /></MetaProvider>
 */
export function MetaProvider({ children }: { readonly children: ReactNode }) {
  const [state, setState] = useState<MetaState>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    apiFetch<ClientMeta>('/api/meta').then(
      (meta) => setState({ status: 'ready', meta }),
      (e: unknown) => setState({ status: 'failed', message: problemMessage(e) }),
    );
  }, []);
  useEffect(load, [load]);

  if (state.status === 'loading') return <p className="page-note">Loading…</p>;
  if (state.status === 'failed') {
    return (
      <div className="page-note" role="alert">
        <p>The app could not start: {state.message}</p>
        <button type="button" onClick={load}>
          Try again
        </button>
      </div>
    );
  }
  return <MetaContext.Provider value={state.meta}>{children}</MetaContext.Provider>;
}

/**
 * The app's meta, as `/api/meta` sent it.
 * @example const meta = useMeta(); meta.entities.tickets?.label // 'Tickets'
 */
export function useMeta(): ClientMeta {
  const meta = useContext(MetaContext);
  if (!meta) throw new Error('useMeta() must be used inside <MetaProvider>.');
  return meta;
}
