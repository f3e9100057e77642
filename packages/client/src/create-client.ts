/**
 * `createClient<typeof app>()`: the typed SDK of one app — auth, records, transitions,
 * actions and realtime — with every name and shape checked against the app's spec.
 */
import type {
  ActionInputOf,
  ActionName,
  ActionOutputOf,
  CreateInput,
  EntityName,
  RecordOf,
  TransitionInput,
  TransitionName,
  UpdateInput,
} from '@ninefold/spec';
import { createAuth } from './client-auth';
import { isAppError } from './client-error';
import type { ListOptions, Page, Record$, Where } from './client-types';
import { listQuery } from './query-string';
import { RealtimeConnection, type RealtimeEvent, type WebSocketFactory } from './realtime-connection';
import { createTransport, type TransportOptions } from './transport';

export interface ClientOptions extends TransportOptions {
  /** Opens the realtime socket; defaults to the browser's WebSocket (which sends the cookie). */
  readonly webSocket?: WebSocketFactory;
}

function path(entity: string, id?: string): string {
  return `/api/entities/${encodeURIComponent(entity)}${id ? `/${encodeURIComponent(id)}` : ''}`;
}

function ifMatch(version: number | undefined): Record<string, string> {
  return version === undefined ? {} : { 'if-match': `"${version}"` };
}

/**
 * @example
 * import type app from './app';
 * const client = createClient<typeof app>({ url: 'http://127.0.0.1:3000' });
 * await client.auth.signIn({ email: 'alice@helpdesk.test', password: 'demo-password-1' });
 * const { items } = await client.list('tickets', { where: { status: 'open' }, sort: '-createdAt' });
 * await client.transition('tickets', items[0]!.id, 'withdraw', {});
 */
export function createClient<A>(options: ClientOptions = {}) {
  const http = createTransport(options);
  const wsUrl = `${(http.base || (typeof location === 'undefined' ? '' : location.origin)).replace(/^http/, 'ws')}/api/realtime`;
  const factory: WebSocketFactory =
    options.webSocket ??
    ((url) => new (globalThis as unknown as { WebSocket: new (u: string) => never }).WebSocket(url));
  const keepToken = options.token !== undefined || typeof window === 'undefined';
  const { auth, sessionEnded } = createAuth<A>(http, { keepToken }, () => realtime.reconnect());
  const realtime = new RealtimeConnection(wsUrl, factory, () => http.token, sessionEnded);

  return {
    auth,
    /**
     * True for an error thrown by this client, typed by the app; with a code, only that code,
     * its `params` typed by the code's message.
     * @example catch (e) { if (client.isError(e, 'OPEN_TICKET_LIMIT')) alert(`At most ${e.params.max}`); }
     */
    isError: isAppError<A>(),
    list: <E extends EntityName<A>>(entity: E, opts: ListOptions<A, E> = {}) => {
      const qs = listQuery(opts);
      return http.request<Page<RecordOf<A, E>>>('GET', `${path(entity)}${qs ? `?${qs}` : ''}`);
    },
    get: <E extends EntityName<A>>(entity: E, id: string) =>
      http.request<Record$<A, E>>('GET', path(entity, id)),
    create: <E extends EntityName<A>>(entity: E, input: CreateInput<A, E>) =>
      http.request<Record$<A, E>>('POST', path(entity), input),
    update: <E extends EntityName<A>>(
      entity: E,
      id: string,
      patch: UpdateInput<A, E>,
      opts: { version?: number } = {},
    ) => http.request<Record$<A, E>>('PATCH', path(entity, id), patch, ifMatch(opts.version)),
    delete: <E extends EntityName<A>>(entity: E, id: string, opts: { version?: number } = {}) =>
      http.request<void>('DELETE', path(entity, id), undefined, ifMatch(opts.version)),
    transition: <E extends EntityName<A>, T extends TransitionName<A, E>>(
      entity: E,
      id: string,
      name: T,
      input: TransitionInput<A, E, T>,
      opts: { version?: number } = {},
    ) =>
      http.request<Record$<A, E>>(
        'POST',
        `${path(entity, id)}/transitions/${encodeURIComponent(name)}`,
        input,
        ifMatch(opts.version),
      ),
    action: <N extends ActionName<A>>(name: N, input: ActionInputOf<A, N>) =>
      http.request<ActionOutputOf<A, N>>('POST', `/api/actions/${encodeURIComponent(name)}`, input),
    /** The caller's quotas: how much is used and left. */
    quotas: async () =>
      (
        await http.request<{
          items: { name: string; entity: string; max: number; used: number; remaining: number }[];
        }>('GET', '/api/quotas')
      ).items,
    /** The client-facing form of the spec (`/api/meta`). */
    meta: () => http.request<Record<string, unknown>>('GET', '/api/meta'),
    /**
     * Live changes to an entity, a query or one record, only as far as the caller may read.
     * @example const stop = client.subscribe('tickets', { where: { status: 'open' } }, (e) => refresh());
     */
    subscribe: <E extends EntityName<A>>(
      entity: E,
      opts: { where?: Where<A, E>; id?: string },
      listener: (event: RealtimeEvent) => void,
    ) => {
      const query = Object.fromEntries(new URLSearchParams(listQuery({ where: opts.where ?? {} })));
      return realtime.subscribe({ entity, query, ...(opts.id ? { recordId: opts.id } : {}) }, listener);
    },
    /** Closes the realtime socket. */
    close: () => realtime.close(),
  };
}

export type NinefoldClient<A> = ReturnType<typeof createClient<A>>;
