/**
 * `createNinefoldReact<typeof app>()`: the provider and typed hooks of one app, on TanStack
 * Query. Lists and records on screen stay live: realtime events refresh or patch their
 * cache entries. Writes can be optimistic and roll back when the server refuses.
 */
import type { NinefoldClient, NinefoldError, Page, Record$, Where } from '@ninefold/client';
import {
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { keys } from './query-keys';
import type {
  ActionInputOf,
  ActionName,
  ActionOutputOf,
  CreateInput,
  EntityName,
  RecordOf,
  Sort,
  TransitionInput,
  TransitionName,
  UpdateInput,
} from './spec-types';

/**
 * @example
 * export const { NinefoldProvider, useList, useRecord, useTransition } = createNinefoldReact<typeof app>();
 */
export function createNinefoldReact<A>() {
  type Client = NinefoldClient<A>;
  const ClientContext = createContext<Client | null>(null);

  function useClient(): Client {
    const client = useContext(ClientContext);
    if (!client) throw new Error('Ninefold hooks need a <NinefoldProvider client={…}> above them.');
    return client;
  }

  /** Provides the client and a query cache to the hooks below it. */
  function NinefoldProvider(props: { client: Client; queryClient?: QueryClient; children: ReactNode }) {
    const [queryClient] = useState(
      () =>
        props.queryClient ??
        new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
    );
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
      return client.subscribe(entity, JSON.parse(key), (event) => {
        if (event.type === 'event' && (event.event === 'updated' || event.event === 'transitioned')) {
          qc.setQueryData(keys.record(entity, event.id), (old: object | undefined) =>
            old ? { ...old, ...event.record } : old,
          );
        }
        if (event.type === 'event' && (event.event === 'deleted' || event.event === 'removed')) {
          qc.removeQueries({ queryKey: keys.record(entity, event.id) });
        }
        // Lists and `$can` depend on much more than the record itself: refetch them.
        void qc.invalidateQueries({ queryKey: keys.entity(entity) });
      });
    }, [client, qc, entity, key, enabled]);
  }

  return {
    NinefoldProvider,
    useClient,

    /** The signed-in user and the auth calls. */
    useAuth() {
      const client = useClient();
      const qc = useQueryClient();
      const me = useQuery({ queryKey: keys.me(), queryFn: () => client.auth.me(), staleTime: 60_000 });
      const after = async () => {
        qc.clear();
        await qc.invalidateQueries();
      };
      return {
        user: me.data ?? null,
        loading: me.isPending,
        signIn: async (input: { email: string; password: string }) => {
          const r = await client.auth.signIn(input);
          await after();
          return r;
        },
        signUp: async (input: { email: string; password: string; name: string }) => {
          const r = await client.auth.signUp(input);
          await after();
          return r;
        },
        signOut: async () => {
          await client.auth.signOut();
          await after();
        },
      };
    },

    /** The spec's client-facing form. */
    useMeta() {
      const client = useClient();
      return useQuery({
        queryKey: keys.meta(),
        queryFn: () => client.meta(),
        staleTime: Number.POSITIVE_INFINITY,
      });
    },

    /** A live page of records. */
    useList<E extends EntityName<A>>(
      entity: E,
      opts: {
        where?: Where<A, E>;
        sort?: Sort<A, E>;
        limit?: number;
        cursor?: string | null;
        live?: boolean;
      } = {},
    ) {
      const client = useClient();
      const { live = true, ...query } = opts;
      useLive(entity, query.where ? { where: query.where } : {}, live);
      return useQuery<Page<RecordOf<A, E>>, NinefoldError>({
        queryKey: keys.list(entity, query),
        queryFn: () => client.list(entity, query as never) as Promise<Page<RecordOf<A, E>>>,
        placeholderData: (prev) => prev,
      });
    },

    /** A live record. */
    useRecord<E extends EntityName<A>>(entity: E, id: string | undefined, opts: { live?: boolean } = {}) {
      const client = useClient();
      useLive(entity, id ? { id } : {}, Boolean(id) && opts.live !== false);
      return useQuery<Record$<A, E>, NinefoldError>({
        queryKey: keys.record(entity, id ?? ''),
        queryFn: () => client.get(entity, id!) as Promise<Record$<A, E>>,
        enabled: Boolean(id),
      });
    },

    /** Creates records of an entity. */
    useCreate<E extends EntityName<A>>(entity: E) {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<Record$<A, E>, NinefoldError, CreateInput<A, E>>({
        mutationFn: (input) => client.create(entity, input as never) as Promise<Record$<A, E>>,
        onSuccess: async () => {
          await qc.invalidateQueries({ queryKey: keys.entity(entity) });
          await qc.invalidateQueries({ queryKey: keys.quotas() });
        },
      });
    },

    /** Updates a record optimistically; rolls back if the server refuses. */
    useUpdate<E extends EntityName<A>>(entity: E) {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<
        Record$<A, E>,
        NinefoldError,
        { id: string; patch: UpdateInput<A, E>; version?: number },
        { previous: unknown }
      >({
        mutationFn: ({ id, patch, version }) =>
          client.update(entity, id, patch as never, version === undefined ? {} : { version }) as Promise<
            Record$<A, E>
          >,
        onMutate: async ({ id, patch }) => {
          await qc.cancelQueries({ queryKey: keys.record(entity, id) });
          const previous = qc.getQueryData(keys.record(entity, id));
          qc.setQueryData(keys.record(entity, id), (old: object | undefined) =>
            old ? { ...old, ...patch } : old,
          );
          return { previous };
        },
        onError: (_e, { id }, ctx) => qc.setQueryData(keys.record(entity, id), ctx?.previous),
        onSuccess: (record, { id }) => qc.setQueryData(keys.record(entity, id), record),
        onSettled: () => qc.invalidateQueries({ queryKey: keys.entity(entity) }),
      });
    },

    /** Deletes records of an entity. */
    useDelete<E extends EntityName<A>>(entity: E) {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<void, NinefoldError, { id: string; version?: number }>({
        mutationFn: ({ id, version }) => client.delete(entity, id, version === undefined ? {} : { version }),
        onSuccess: () => qc.invalidateQueries({ queryKey: keys.entity(entity) }),
      });
    },

    /** Runs a transition; the record's new state shows at once and rolls back on refusal. */
    useTransition<E extends EntityName<A>>(entity: E, stateField?: string) {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<
        Record$<A, E>,
        NinefoldError,
        {
          id: string;
          name: TransitionName<A, E>;
          input?: TransitionInput<A, E, TransitionName<A, E>>;
          to?: string;
        },
        { previous: unknown }
      >({
        mutationFn: ({ id, name, input }) =>
          client.transition(entity, id, name, (input ?? {}) as never) as never,
        onMutate: async ({ id, to }) => {
          await qc.cancelQueries({ queryKey: keys.record(entity, id) });
          const previous = qc.getQueryData(keys.record(entity, id));
          if (stateField && to) {
            qc.setQueryData(keys.record(entity, id), (old: object | undefined) =>
              old ? { ...old, [stateField]: to } : old,
            );
          }
          return { previous };
        },
        onError: (_e, { id }, ctx) => qc.setQueryData(keys.record(entity, id), ctx?.previous),
        onSuccess: (record, { id }) => qc.setQueryData(keys.record(entity, id), record),
        onSettled: async () => {
          await qc.invalidateQueries({ queryKey: keys.entity(entity) });
          await qc.invalidateQueries({ queryKey: keys.quotas() });
        },
      });
    },

    /** Calls an action. */
    useAction<N extends ActionName<A>>(name: N) {
      const client = useClient();
      return useMutation<ActionOutputOf<A, N>, NinefoldError, ActionInputOf<A, N>>({
        mutationFn: (input) => client.action(name, input as never) as never,
      });
    },

    /** An action's answer as a query (read-only actions such as statistics). */
    useActionQuery<N extends ActionName<A>>(
      name: N,
      input: ActionInputOf<A, N>,
      opts: { live?: EntityName<A> } = {},
    ) {
      const client = useClient();
      const liveEntity = (opts.live ?? '') as EntityName<A>;
      useLive(liveEntity, {}, Boolean(opts.live));
      return useQuery({
        queryKey: opts.live ? ['nf', opts.live, 'action', name, input] : ['nf', '$action', name, input],
        queryFn: () => client.action(name, input as never),
      });
    },

    /** How much of each quota the caller has left. */
    useQuota(name: string) {
      const client = useClient();
      const q = useQuery({ queryKey: keys.quotas(), queryFn: () => client.quotas() });
      return { ...q, quota: q.data?.find((x) => x.name === name) };
    },
  };
}
