/**
 * `createClient<typeof app>()`: the typed SDK of one app — auth and the account flows,
 * records, transitions, actions, invitations, API keys, notifications, jobs and realtime —
 * with every name and shape checked against the app's spec.
 */
import type {
  ActionInputOf,
  ActionName,
  ActionOutputOf,
  AuditEntry,
  CreateInput,
  EntityName,
  HealthAnswer,
  HistoryEntry,
  MetaAnswer,
  OpenApiDocument,
  QuotaUsage,
  RatesAnswer,
  TransitionInput,
  TransitionName,
  UpdateInput,
} from '@ninefold/spec';
import { accountCalls } from './client-accounts';
import { createAuth } from './client-auth';
import { automationCalls } from './client-automation';
import { bulkCalls } from './client-bulk';
import { isAppError } from './client-error';
import { fileCalls } from './client-files';
import type { AuditQuery, CallOptions, ListOptions, Page, Record$, Where } from './client-types';
import type { ExpandedOf, ListItem, RefFieldName } from './expand-types';
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

/** Options of a write based on a version of the record (`If-Match`). */
export interface WriteOptions extends CallOptions {
  /** The record version the write is based on; a stale one is refused with 412 VERSION_MISMATCH. */
  readonly version?: number;
}

function withQuery(
  path: string,
  query: Readonly<Record<string, string | number | null | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
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
  const get = <T>(path: string, opts: CallOptions) => http.request<T>('GET', path, { signal: opts.signal });
  const write = <T>(method: string, path: string, body: unknown, opts: WriteOptions) =>
    http.request<T>(method, path, { body, headers: ifMatch(opts.version), signal: opts.signal });

  return {
    auth,
    ...accountCalls<A>(http),
    ...automationCalls(http, (listener) => realtime.onNotification(listener)),
    ...fileCalls<A>(http, options),
    /**
     * True for an error thrown by this client, typed by the app; with a code, only that code,
     * its `params` typed by the code's message.
     * @example catch (e) { if (client.isError(e, 'OPEN_TICKET_LIMIT')) alert(`At most ${e.params.max}`); }
     */
    isError: isAppError<A>(),
    ...bulkCalls<A>(http, (entity) => path(entity)),
    /**
     * A page of records the caller may read; `count: true` adds `total`, `expand` adds each
     * item's `$expand` with the referenced records typed, `search` ranks by relevance.
     * @example
     * const page = await client.list('tickets', { search: 'printer', count: true, expand: ['assignee'] });
     * page.total; page.items[0]?.$expand.assignee?.name;
     */
    list: <E extends EntityName<A>, const X extends readonly RefFieldName<A, E>[] = readonly []>(
      entity: E,
      opts: ListOptions<A, E> & { readonly expand?: X } & CallOptions = {},
    ) => {
      const qs = listQuery(opts);
      return get<Page<ListItem<A, E, X[number]>>>(`${path(entity)}${qs ? `?${qs}` : ''}`, opts);
    },
    /**
     * One record, or `NOT_FOUND`; `expand` inlines its referenced records as `$expand`.
     * @example const t = await client.get('tickets', id, { expand: ['requester'] }); t.$expand.requester?.email;
     */
    get: <E extends EntityName<A>, const X extends readonly RefFieldName<A, E>[] = readonly []>(
      entity: E,
      id: string,
      opts: CallOptions & { readonly expand?: X } = {},
    ) =>
      get<Record$<A, E> & ExpandedOf<A, E, X[number]>>(
        `${path(entity, id)}${opts.expand?.length ? `?${listQuery({ expand: opts.expand })}` : ''}`,
        opts,
      ),
    create: <E extends EntityName<A>>(entity: E, input: CreateInput<A, E>, opts: CallOptions = {}) =>
      write<Record$<A, E>>('POST', path(entity), input, opts),
    update: <E extends EntityName<A>>(
      entity: E,
      id: string,
      patch: UpdateInput<A, E>,
      opts: WriteOptions = {},
    ) => write<Record$<A, E>>('PATCH', path(entity, id), patch, opts),
    delete: <E extends EntityName<A>>(entity: E, id: string, opts: WriteOptions = {}) =>
      write<void>('DELETE', path(entity, id), undefined, opts),
    transition: <E extends EntityName<A>, T extends TransitionName<A, E>>(
      entity: E,
      id: string,
      name: T,
      input: TransitionInput<A, E, T>,
      opts: WriteOptions = {},
    ) =>
      write<Record$<A, E>>(
        'POST',
        `${path(entity, id)}/transitions/${encodeURIComponent(name)}`,
        input,
        opts,
      ),
    /**
     * A record's history, oldest first, each change cut to the fields the caller may read.
     * @example const { items } = await client.history('tickets', id);
     */
    history: <E extends EntityName<A>>(entity: E, id: string, opts: CallOptions = {}) =>
      get<{ items: HistoryEntry[] }>(`${path(entity, id)}/history`, opts),
    action: <N extends ActionName<A>>(name: N, input: ActionInputOf<A, N>, opts: CallOptions = {}) =>
      write<ActionOutputOf<A, N>>('POST', `/api/actions/${encodeURIComponent(name)}`, input, opts),
    /** The caller's quotas: how much is used and left. */
    quotas: async (opts: CallOptions = {}) => (await get<{ items: QuotaUsage[] }>('/api/quotas', opts)).items,
    /** What the rate limits hold now (admins). */
    rates: (opts: CallOptions = {}) => get<RatesAnswer>('/api/rates', opts),
    /**
     * A page of the audit log, newest first (admins).
     * @example const page = await client.audit({ entity: 'tickets', operation: 'delete', limit: 50 });
     */
    audit: (query: AuditQuery = {}, opts: CallOptions = {}) =>
      get<Page<AuditEntry>>(withQuery('/api/audit', { ...query }), opts),
    /**
     * This server's metrics in Prometheus's text format (admins, or a client made with the
     * operator's `METRICS_TOKEN` as its token).
     * @example const text = await createClient({ url, token: process.env.METRICS_TOKEN }).metrics();
     */
    metrics: (opts: CallOptions = {}) =>
      http.request<string>('GET', '/api/metrics', { signal: opts.signal, text: true }),
    /** The client-facing form of the spec and the platform's form rules (`/api/meta`). */
    meta: (opts: CallOptions = {}) => get<MetaAnswer>('/api/meta', opts),
    /** `{ status: 'ok' }` while the service is up. */
    health: (opts: CallOptions = {}) => get<HealthAnswer>('/api/health', opts),
    /** The OpenAPI 3.1 document of the whole API. */
    openApi: (opts: CallOptions = {}) => get<OpenApiDocument>('/api/openapi.json', opts),
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
