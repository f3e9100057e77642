/**
 * The newest notification that arrived while the page was open (not one already there when
 * the list first loaded), for the bell to announce.
 */
import type { NotificationItem } from '@ninefold/client';
import { useEffect, useRef, useState } from 'react';

/**
 * @example const arrival = useArrivals(list.items, list.isSuccess); arrival?.title
 */
export function useArrivals(items: readonly NotificationItem[], loaded: boolean): NotificationItem | null {
  const seen = useRef<{ ids: Set<string>; newest: string } | null>(null);
  const [arrival, setArrival] = useState<NotificationItem | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const newest = (list: readonly NotificationItem[], from = '') =>
      [from, ...list.map((i) => i.createdAt)].sort().at(-1) ?? '';
    if (!seen.current) {
      seen.current = { ids: new Set(items.map((i) => i.id)), newest: newest(items) };
      return;
    }
    const known = seen.current;
    // An older page loaded later brings unseen notifications too, but none is new.
    const fresh = items.filter((i) => !known.ids.has(i.id) && !i.readAt && i.createdAt >= known.newest);
    for (const i of items) known.ids.add(i.id);
    known.newest = newest(items, known.newest);
    if (fresh[0]) setArrival(fresh[0]);
  }, [items, loaded]);
  return arrival;
}
