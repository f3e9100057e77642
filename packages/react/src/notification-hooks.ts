/**
 * The hooks of the caller's in-app notifications: the list with its unread count, kept live
 * by the realtime socket (a new one shows at once, then the list is read again for the exact
 * count), marking read (shown before the server answers), and the person's channels.
 */
import type {
  AppErrorOf,
  NinefoldClient,
  NotificationItem,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesPatch,
  UnreadAnswer,
} from '@ninefold/client';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { keys } from './query-keys';

type Pages = InfiniteData<NotificationList, string | null>;

/** Changes every cached page of notifications; the unread count lives on the first. */
function editPages(qc: QueryClient, edit: (pages: Pages) => Pages): void {
  qc.setQueriesData<Pages>({ queryKey: keys.notifications() }, (old) => (old ? edit(old) : old));
}

const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: keys.notifications() });

/**
 * Puts a notification heard live at the top, once: every component listening hears it, and
 * it may already be in a page read after it was made.
 * @example prependNotification(qc, event.notification)
 */
export function prependNotification(qc: QueryClient, item: NotificationItem): void {
  editPages(qc, (data) => {
    if (data.pages.some((p) => p.items.some((i) => i.id === item.id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    const unread = first.unread + (item.readAt ? 0 : 1);
    return { ...data, pages: [{ ...first, items: [item, ...first.items], unread }, ...rest] };
  });
}

/**
 * Marks notifications read in the cache (`ids` null: all of them), and sets the unread count
 * the server answered, or counts down when there is no answer yet.
 * @example markInCache(qc, [id], new Date().toISOString());
 */
export function markInCache(
  qc: QueryClient,
  ids: readonly string[] | null,
  at: string,
  unread?: number,
): void {
  editPages(qc, (data) => {
    let marked = 0;
    const pages = data.pages.map((p) => ({
      ...p,
      items: p.items.map((i) => {
        if (i.readAt || (ids && !ids.includes(i.id))) return i;
        marked += 1;
        return { ...i, readAt: at };
      }),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    const count = unread ?? (ids ? Math.max(0, first.unread - marked) : 0);
    return { ...data, pages: [{ ...first, unread: count }, ...rest] };
  });
}

/**
 * @example const { useNotifications, useMarkRead } = notificationHooks<typeof app>(useClient);
 */
export function notificationHooks<A>(useClient: () => NinefoldClient<A>) {
  type Err = AppErrorOf<A>;
  return {
    /**
     * The caller's notifications, newest first, `limit` a page (`fetchNextPage` for older),
     * and how many are unread; live unless `live: false`.
     * @example const { items, unread } = useNotifications(); items.filter((n) => !n.readAt)
     */
    useNotifications(opts: { limit?: number; live?: boolean; enabled?: boolean } = {}) {
      const client = useClient();
      const qc = useQueryClient();
      const { limit = 20, live = true, enabled = true } = opts;
      useEffect(() => {
        if (!live || !enabled) return;
        return client.notifications.onNotification((event) => {
          if (event.type === 'notification') prependNotification(qc, event.notification);
          void refresh(qc);
        });
      }, [client, qc, live, enabled]);
      const query = useInfiniteQuery<
        NotificationList,
        Err,
        Pages,
        ReturnType<typeof keys.notifications>,
        string | null
      >({
        queryKey: keys.notifications(limit),
        queryFn: ({ pageParam, signal }) =>
          client.notifications.list({ limit, cursor: pageParam }, { signal }),
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
        enabled,
      });
      const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
      return { ...query, items, unread: query.data?.pages[0]?.unread ?? 0 };
    },

    /**
     * Marks one notification read; it shows read at once.
     * @example const markRead = useMarkRead(); markRead.mutate(item.id);
     */
    useMarkRead() {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<UnreadAnswer, Err, string>({
        mutationFn: (id) => client.notifications.read(id),
        onMutate: async (id) => {
          await qc.cancelQueries({ queryKey: keys.notifications() });
          markInCache(qc, [id], new Date().toISOString());
        },
        onSuccess: (answer, id) => markInCache(qc, [id], new Date().toISOString(), answer.unread),
        onError: () => refresh(qc),
      });
    },

    /**
     * Marks every one of the caller's notifications read.
     * @example const markAll = useMarkAllRead(); markAll.mutate();
     */
    useMarkAllRead() {
      const client = useClient();
      const qc = useQueryClient();
      return useMutation<UnreadAnswer, Err, void>({
        mutationFn: () => client.notifications.readAll(),
        onMutate: async () => {
          await qc.cancelQueries({ queryKey: keys.notifications() });
          markInCache(qc, null, new Date().toISOString());
        },
        onSuccess: (answer) => markInCache(qc, null, new Date().toISOString(), answer.unread),
        onError: () => refresh(qc),
      });
    },

    /**
     * The caller's channels for each notification of the app.
     * @example const prefs = useNotificationPreferences(); prefs.data?.items.map((p) => p.label)
     */
    useNotificationPreferences() {
      const client = useClient();
      return useQuery<NotificationPreferences, Err>({
        queryKey: keys.notificationPreferences(),
        queryFn: ({ signal }) => client.notifications.preferences({ signal }),
      });
    },

    /**
     * Changes channels; the boxes show the change at once and go back if the server refuses.
     * @example const set = useSetNotificationPreferences(); set.mutate({ agentReplied: { email: false } });
     */
    useSetNotificationPreferences() {
      const client = useClient();
      const qc = useQueryClient();
      const key = keys.notificationPreferences();
      return useMutation<
        NotificationPreferences,
        Err,
        NotificationPreferencesPatch,
        { before: NotificationPreferences | undefined }
      >({
        mutationFn: (patch) => client.notifications.setPreferences(patch),
        onMutate: async (patch) => {
          await qc.cancelQueries({ queryKey: key });
          const before = qc.getQueryData<NotificationPreferences>(key);
          if (before)
            qc.setQueryData<NotificationPreferences>(key, {
              items: before.items.map((p) => ({ ...p, ...patch[p.notification] })),
            });
          return { before };
        },
        onSuccess: (answer) => qc.setQueryData(key, answer),
        onError: (_e, _patch, context) => {
          if (context?.before) qc.setQueryData(key, context.before);
        },
      });
    },
  };
}
