/**
 * The account page's notification channels: for each notification of the app, whether it
 * shows in the app and whether it comes by email. A box saves as soon as it changes (and
 * goes back, with the reason, if the server refuses). Nothing when the app has none.
 */
import { useState } from 'react';
import { PanelProblem } from '../admin/panel-problem';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import './notifications.css';

const CHANNELS = [
  ['app', 'In the app'],
  ['email', 'By email'],
] as const;

/**
 * @example <NotificationPreferencesSection />
 */
export function NotificationPreferencesSection() {
  const prefs = nf.useNotificationPreferences();
  const set = nf.useSetNotificationPreferences();
  const notify = useNotify();
  // What a box shows the moment it is clicked, until the server's answer (or refusal) lands:
  // a controlled box that waited for the cache would spring back for a moment.
  const [clicked, setClicked] = useState<Readonly<Record<string, boolean>>>({});
  const items = prefs.data?.items ?? [];
  if (prefs.isSuccess && items.length === 0) return null;
  return (
    <section className="account-section" aria-labelledby="account-notifications-h">
      <h2 id="account-notifications-h">Notifications</h2>
      <p>Choose how you hear of each: in the app (the bell at the top), by email, both, or not at all.</p>
      <PanelProblem error={prefs.error} />
      {prefs.isPending ? (
        <p role="status">Loading…</p>
      ) : (
        <table className="notification-prefs" aria-labelledby="account-notifications-h">
          <thead>
            <tr>
              <th scope="col">Notification</th>
              {CHANNELS.map(([, label]) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.notification}>
                <th scope="row">{p.label}</th>
                {CHANNELS.map(([channel, label]) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={`${p.label}: ${label.toLowerCase()}`}
                      checked={clicked[`${p.notification}:${channel}`] ?? p[channel]}
                      onChange={(e) => {
                        const key = `${p.notification}:${channel}`;
                        const checked = e.currentTarget.checked;
                        setClicked((c) => ({ ...c, [key]: checked }));
                        // Per call (not the last call's callbacks): each box lets go of its own.
                        set
                          .mutateAsync({ [p.notification]: { [channel]: checked } })
                          .catch((error: unknown) => notify.error(error))
                          .finally(() => setClicked(({ [key]: _, ...rest }) => rest));
                      }}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
