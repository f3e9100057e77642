/**
 * The bell's panel: the person's notifications, newest first, unread ones marked, each
 * opening the record it is about (and marking it read), "Mark all read", and older ones a
 * page at a time. A non-modal dialog: focus moves in when it opens, Escape or a click
 * outside closes it, and focus goes back to the bell.
 */
import type { NotificationItem } from '@ninefold/client';
import { type RefObject, useEffect, useRef } from 'react';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { useMeta } from '../meta/meta-provider';
import { Link } from '../router/link';
import { screenRoute } from '../screens/screen-entries';
import { useSession } from '../session/session-provider';
import { timeAgo } from './time-ago';

export interface NotificationPanelProps {
  readonly id: string;
  readonly list: ReturnType<typeof nf.useNotifications>;
  /** Closes the panel; `refocus` puts focus back on the bell (Escape, not a click elsewhere). */
  onClose(refocus: boolean): void;
  readonly opener: RefObject<HTMLElement | null>;
}

/**
 * @example {open && <NotificationPanel id={id} list={list} onClose={close} opener={bell} />}
 */
export function NotificationPanel({ id, list, onClose, opener }: NotificationPanelProps) {
  const meta = useMeta();
  const { role } = useSession();
  const markRead = nf.useMarkRead();
  const markAll = nf.useMarkAllRead();
  const notify = useNotify();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Focus moves in once, when it opens; a click outside it (the bell toggles by itself) closes it.
  useEffect(() => {
    panel.current?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !opener.current?.contains(target)) closeRef.current(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [opener]);

  const open = (item: NotificationItem) => {
    if (!item.readAt) markRead.mutate(item.id, { onError: (e) => notify.error(e) });
    onClose(false);
  };
  const href = (item: NotificationItem) =>
    item.link ? screenRoute(meta.screens, role, item.link.entity, 'detail', { id: item.link.id }) : undefined;
  const now = Date.now();

  return (
    <div
      ref={panel}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-h`}
      className="notification-panel"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose(true);
        }
      }}
    >
      <div className="notification-panel-head">
        <h2 id={`${id}-h`}>Notifications</h2>
        <button
          type="button"
          className="link-button"
          disabled={list.unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: (e) => notify.error(e) })}
        >
          Mark all read
        </button>
      </div>
      {list.isPending ? (
        <p className="notification-empty">Loading…</p>
      ) : list.items.length === 0 ? (
        <p className="notification-empty">No notifications yet.</p>
      ) : (
        <ul className="notification-list">
          {list.items.map((item) => {
            const to = href(item);
            const content = (
              <>
                <span className="notification-title">
                  {!item.readAt && <span className="visually-hidden">Unread: </span>}
                  {item.title}
                </span>
                {item.body && <span className="notification-body">{item.body}</span>}
                <time className="notification-time" dateTime={item.createdAt}>
                  {timeAgo(item.createdAt, now)}
                </time>
              </>
            );
            return (
              <li key={item.id} className={item.readAt ? 'notification read' : 'notification unread'}>
                {to ? (
                  <Link to={to} className="notification-open" onClick={() => open(item)}>
                    {content}
                  </Link>
                ) : (
                  <button type="button" className="notification-open" onClick={() => open(item)}>
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="secondary small notification-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Show older
        </button>
      )}
    </div>
  );
}
