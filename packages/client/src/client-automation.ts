/**
 * The client's calls on time and automation: the caller's in-app notifications (read, marked
 * read, heard live) and their channels, and the job queue for admins — webhook deliveries
 * are jobs of kind `webhook`, so its list is the delivery log too.
 */
import type {
  JobEntry,
  JobKind,
  JobStatus,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesPatch,
  UnreadAnswer,
} from '@ninefold/spec';
import type { CallOptions } from './client-types';
import type { NotificationEvent } from './realtime-connection';
import type { Transport } from './transport';

/**
 * Which page of notifications to read: `cursor` is the `nextCursor` of the page before.
 * @example await client.notifications.list({ limit: 20, cursor: page.nextCursor });
 */
export interface NotificationQuery {
  readonly limit?: number;
  readonly cursor?: string | null;
}

/**
 * Which jobs to list, newest first: by status and kind, and `before` a job id (the next page).
 * @example await client.jobs.list({ kind: 'webhook', status: 'dead', limit: 50 });
 */
export interface JobListQuery {
  readonly status?: JobStatus;
  readonly kind?: JobKind;
  readonly limit?: number;
  readonly before?: string;
}

function withQuery(path: string, query: Readonly<Record<string, string | number | null | undefined>>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const one = (base: string, id: string, tail = '') => `${base}/${encodeURIComponent(id)}${tail}`;

/**
 * @example const { notifications, jobs } = automationCalls(http, (l) => realtime.onNotification(l));
 */
export function automationCalls(
  http: Transport,
  listen: (listener: (event: NotificationEvent) => void) => () => void,
) {
  const get = <T>(path: string, opts: CallOptions) => http.request<T>('GET', path, { signal: opts.signal });
  const post = <T>(path: string, opts: CallOptions) =>
    http.request<T>('POST', path, { body: {}, signal: opts.signal });
  return {
    notifications: {
      /**
       * The caller's in-app notifications, newest first, with how many are unread in all.
       * @example const { items, unread, nextCursor } = await client.notifications.list({ limit: 20 });
       */
      list: (query: NotificationQuery = {}, opts: CallOptions = {}) =>
        get<NotificationList>(withQuery('/api/notifications', { ...query }), opts),
      /**
       * Marks one notification read; answers how many are still unread.
       * @example const { unread } = await client.notifications.read(item.id);
       */
      read: (id: string, opts: CallOptions = {}) =>
        post<UnreadAnswer>(one('/api/notifications', id, '/read'), opts),
      /**
       * Marks every one of the caller's notifications read.
       * @example await client.notifications.readAll(); // { unread: 0 }
       */
      readAll: (opts: CallOptions = {}) => post<UnreadAnswer>('/api/notifications/read-all', opts),
      /**
       * The caller's channels (in the app, by email) for each notification of the app.
       * @example (await client.notifications.preferences()).items.filter((p) => p.email)
       */
      preferences: (opts: CallOptions = {}) =>
        get<NotificationPreferences>('/api/notifications/preferences', opts),
      /**
       * Changes some channels; answers all of them as they now are.
       * @example await client.notifications.setPreferences({ agentReplied: { email: false } });
       */
      setPreferences: (patch: NotificationPreferencesPatch, opts: CallOptions = {}) =>
        http.request<NotificationPreferences>('PATCH', '/api/notifications/preferences', {
          body: patch,
          signal: opts.signal,
        }),
      /**
       * Hears each new notification of the caller as it is made (on the realtime socket, which
       * it opens), and `resync` when some may have been missed (reload the list then).
       * @example
       * const stop = client.notifications.onNotification((e) => {
       *   if (e.type === 'notification') toast(e.notification.title);
       * });
       */
      onNotification: (listener: (event: NotificationEvent) => void) => listen(listener),
    },
    jobs: {
      /**
       * The job queue, newest first (admins): timers, triggers, schedules, actions and webhook
       * deliveries, with their attempts, next run and last error.
       * @example const dead = await client.jobs.list({ status: 'dead' });
       */
      list: async (query: JobListQuery = {}, opts: CallOptions = {}) =>
        (await get<{ items: JobEntry[] }>(withQuery('/api/jobs', { ...query }), opts)).items,
      /**
       * Runs a dead or cancelled job again, at once (admins); answers the job as queued.
       * @example await client.jobs.retry(job.id);
       */
      retry: (id: string, opts: CallOptions = {}) => post<JobEntry>(one('/api/jobs', id, '/retry'), opts),
    },
  };
}
