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
import type { ListOptions, Page, Record$, Where } from './client-types';
import { listQuery } from './query-string';
import { RealtimeConnection, type RealtimeEvent, type WebSocketFactory } from './realtime-connection';
import { createTransport, type TransportOptions } from './transport';

export interface ClientOptions extends TransportOptions {
  /** Opens the realtime socket; defaults to the browser's WebSocket (which sends the cookie). */
  readonly webSocket?: WebSocketFactory;
}

export interface SignedIn<A> {
  readonly user: RecordOf<A, 'users' & EntityName<A>>;
  readonly token: string;
}

type Session<A> = RecordOf<A, 'users' & EntityName<A>> | null;

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
  const listeners = new Set<(user: Session<A>) => void>();
  const notify = (user: Session<A>) => {
    for (const l of listeners) l(user);
  };
  const wsUrl = `${(http.base || (typeof location === 'undefined' ? '' : location.origin)).replace(/^http/, 'ws')}/api/realtime`;
  const factory: WebSocketFactory =
    options.webSocket ??
    ((url) => new (globalThis as unknown as { WebSocket: new (u: string) => never }).WebSocket(url));
  const realtime = new RealtimeConnection(wsUrl, factory, () => http.token);
  const signedIn = (r: SignedIn<A>) => {
    http.token = options.token === undefined && typeof window !== 'undefined' ? null : r.token;
    notify(r.user);
    return r;
  };

  return {
    auth: {
      signUp: async (input: { email: string; password: string; name: string }) =>
        signedIn(await http.request<SignedIn<A>>('POST', '/api/auth/signup', input)),
      signIn: async (input: { email: string; password: string }) =>
        signedIn(await http.request<SignedIn<A>>('POST', '/api/auth/login', input)),
      signOut: async () => {
        await http.request<void>('POST', '/api/auth/logout', {});
        http.token = null;
        realtime.close();
        notify(null);
      },
      /** The signed-in user, or null. */
      me: async (): Promise<Session<A>> => {
        try {
          return (await http.request<{ user: Session<A> }>('GET', '/api/auth/me')).user;
        } catch (e) {
          if ((e as { status?: number }).status === 401) return null;
          throw e;
        }
      },
      /** Called on every sign-in and sign-out through this client. */
      onChange: (listener: (user: Session<A>) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      get token() {
        return http.token;
      },
    },
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
