/**
 * `createNinefoldReact<typeof app>()`: the provider and typed hooks of one app, on TanStack
 * Query. Lists and records on screen stay live: realtime events patch and refresh their
 * cache entries, and a session the server ends shows in `useAuth`. Writes can be optimistic
 * and roll back when the server refuses; every hook's `error` is typed by the app's catalogue.
 */
import {
  type AppErrorOf,
  isNinefoldError,
  type ListItem,
  type MetaAnswer,
  type NinefoldClient,
  type Page,
  type Record$,
  type RefFieldName,
  type Where,
} from '@ninefold/client';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { accountHooks } from './account-hooks';
import { authHooks } from './auth-hooks';
import { fileHooks } from './file-hooks';
import { jobHooks } from './job-hooks';
import { applyLiveEvent } from './live-cache';
import { notificationHooks } from './notification-hooks';
import { queryHooks } from './query-hooks';
import { keys } from './query-keys';
import { readHooks } from './read-hooks';
import { applySession } from './session-cache';
import type { ActionInputOf, ActionName, ActionOutputOf, EntityName, QuotaName, Sort } from './spec-types';
import { writeHooks } from './write-hooks';

const refusal = (e: unknown) => isNinefoldError(e) && e.status >= 400 && e.status < 500;

/**
 * @example
 * export const { NinefoldProvider, useList, useRecord, useTransition } = createNinefoldReact<typeof app>();
 */
export function createNinefoldReact<A>() {
  type Client = NinefoldClient<A>;
  /** What the hooks' `error` is: narrowing on `code` types `params`. */
  type Err = AppErrorOf<A>;
  const ClientContext = createContext<Client | null>(null);

  function useClient(): Client {
    const client = useContext(ClientContext);
    if (!client) throw new Error('Ninefold hooks need a <NinefoldProvider client={…}> above them.');
    return client;
  }

  /**
   * Provides the client and a query cache to the hooks below it, and keeps the cache in step
   * with a session the server ends (this client's own sign-in and sign-out are applied by
   * whoever makes them: `useAuth`, or an app's own session code).
   */
  function NinefoldProvider(props: { client: Client; queryClient?: QueryClient; children?: ReactNode }) {
    const [queryClient] = useState(
      () =>
        props.queryClient ??
        new QueryClient({
          // A refusal (4xx) is an answer, not a hiccup: only no answer or a 5xx is tried again.
          defaultOptions: { queries: { staleTime: 30_000, retry: (n, e) => n < 1 && !refusal(e) } },
        }),
    );
    const { client } = props;
    useEffect(() => {
      const stop = client.auth.onChange((user, event) => {
        if (event.cause === 'server') applySession(queryClient, user);
      });
      return () => void stop();
    }, [client, queryClient]);
    return (
      <ClientContext.Provider value={props.client}>
        <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
      </ClientContext.Provider>
    );
  }

  /** Keeps the cache of an entity live while the calling component is mounted. */
  function useLive<E extends EntityName<A>>(
    entity: E,
    opts: { where?: Where<A, E>; id?: string },
    enabled: boolean,
  ) {
    const client = useClient();
    const qc = useQueryClient();
    const key = JSON.stringify(opts);
    useEffect(() => {
      if (!enabled) return;
      const target = JSON.parse(key) as { where?: Where<A, E>; id?: string };
      return client.subscribe(entity, target, (event) => applyLiveEvent(qc, entity, target, event));
    }, [client, qc, entity, key, enabled]);
  }

  return {
    NinefoldProvider,
    useClient,

    ...authHooks<A>(useClient),
    ...accountHooks<A>(useClient),
    ...notificationHooks<A>(useClient),
    ...jobHooks<A>(useClient),
    ...fileHooks<A>(useClient),

    /** The spec's client-facing form and the platform's form rules (`/api/meta`). */
    useMeta() {
      const client = useClient();
      return useQuery<MetaAnswer, Err>({
        queryKey: keys.meta(),
        queryFn: () => client.meta(),
        staleTime: Number.POSITIVE_INFINITY,
      });
    },

    /**
     * A live page of records; `count` adds `total`, `search` ranks by the searchable fields,
     * `expand` adds each item's `$expand` (all three are part of the query key).
     * @example const page = useList('tickets', { search: 'printer', count: true, expand: ['assignee'] });
     */
    useList<E extends EntityName<A>, const X extends readonly RefFieldName<A, E>[] = readonly []>(
      entity: E,
      opts: {
        where?: Where<A, E>;
        sort?: Sort<A, E>;
        limit?: number;
        cursor?: string | null;
        count?: boolean;
        search?: string;
        expand?: X;
        live?: boolean;
      } = {},
    ) {
      const client = useClient();
      const { live = true, ...query } = opts;
      useLive(entity, query.where ? { where: query.where } : {}, live);
      return useQuery<Page<ListItem<A, E, X[number]>>, Err>({
        queryKey: keys.list(entity, query),
        queryFn: ({ signal }) =>
          client.list(entity, { ...query, signal } as never) as Promise<Page<ListItem<A, E, X[number]>>>,
        placeholderData: (prev) => prev,
      });
    },

    /** A live record. */
    useRecord<E extends EntityName<A>>(entity: E, id: string | undefined, opts: { live?: boolean } = {}) {
      const client = useClient();
      useLive(entity, id ? { id } : {}, Boolean(id) && opts.live !== false);
      return useQuery<Record$<A, E>, Err>({
        queryKey: keys.record(entity, id ?? ''),
        queryFn: () => client.get(entity, id!) as Promise<Record$<A, E>>,
        enabled: Boolean(id),
      });
    },

    ...writeHooks<A>(useClient),
    ...readHooks<A>(useClient, useLive),
    ...queryHooks<A>(useClient, useLive),

    /** An action's answer as a query (read-only actions such as statistics). */
    useActionQuery<N extends ActionName<A>>(
      name: N,
      input: ActionInputOf<A, N>,
      opts: { live?: EntityName<A> } = {},
    ) {
      const client = useClient();
      const liveEntity = (opts.live ?? '') as EntityName<A>;
      useLive(liveEntity, {}, Boolean(opts.live));
      return useQuery<ActionOutputOf<A, N>, Err>({
        queryKey: opts.live ? ['nf', opts.live, 'action', name, input] : ['nf', '$action', name, input],
        queryFn: () => client.action(name, input as never) as Promise<ActionOutputOf<A, N>>,
      });
    },

    /**
     * How much of a quota the caller has left; live, so a write elsewhere (another tab, a
     * colleague) shows too.
     */
    useQuota(name: QuotaName<A>, opts: { live?: boolean } = {}) {
      const client = useClient();
      const q = useQuery<Awaited<ReturnType<Client['quotas']>>, Err>({
        queryKey: keys.quotas(),
        queryFn: () => client.quotas(),
      });
      const quota = q.data?.find((x) => x.name === name);
      const entity = (quota?.entity ?? '') as EntityName<A>;
      useLive(entity, {}, Boolean(quota) && opts.live !== false);
      return { ...q, quota };
    },
  };
}
