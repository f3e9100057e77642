/**
 * The bell in the header: how many notifications are unread (in its accessible name and a
 * badge), a panel of them on a click, and a polite announcement of each new one as it
 * arrives live. Shown only when the app declares notifications.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { NotificationPanel } from './notification-panel';
import { useArrivals } from './use-arrivals';
import './notifications.css';

/** The badge's text: past 99, only that there are many. */
function badge(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/**
 * @example {user && <NotificationBell />}
 */
export function NotificationBell() {
  // Known from the meta the page started with, so the header is drawn once, bell and all: an
  // app that declares no notifications has no bell.
  const has = useMeta().notifications.length > 0;
  const list = nf.useNotifications({ enabled: has });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const arrival = useArrivals(list.items, list.isSuccess);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (arrival) setSaid(`New notification: ${arrival.title}`);
  }, [arrival]);

  if (!has) return null;
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const label = list.unread === 0 ? 'Notifications' : `Notifications, ${list.unread} unread`;
  return (
    <div className="notification-centre">
      <button
        ref={button}
        type="button"
        className="icon-button notification-bell"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            fill="currentColor"
          />
        </svg>
        {list.unread > 0 && (
          <span className="notification-count" aria-hidden="true">
            {badge(list.unread)}
          </span>
        )}
      </button>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said}
      </span>
      {open && <NotificationPanel id={panelId} list={list} onClose={close} opener={button} />}
    </div>
  );
}
