/**
 * The mail the app sent (`GET /api/mail`): to whom, the subject, whether it left, when. In
 * development the outbox keeps each mail's body, readable here; in production no body is
 * kept (its links are secrets), so only the record of it shows.
 */
import type { MailEntry } from '@ninefold/spec';
import { nf } from '../data/ninefold';
import { PanelProblem } from './panel-problem';
import { ScrollBox } from './scroll-box';

const STATUS: Readonly<Record<MailEntry['status'], string>> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  dropped: 'Not sent',
};

/**
 * @example <MailPanel />
 */
export function MailPanel() {
  // Mail leaves a moment after the write that asks for it: the list keeps up by itself.
  const list = nf.useMail({ refetchInterval: 5_000 });
  const items: readonly MailEntry[] = list.data ?? [];
  return (
    <section aria-labelledby="admin-mail-h">
      <h2 id="admin-mail-h">Mail</h2>
      <p className="admin-lede">
        The latest mail, newest first. Without a mail server configured (development), mail goes to an outbox
        whose messages can be read here. "Not sent" means there was nothing to send, such as a reset asked for
        an address with no account.
      </p>
      <PanelProblem error={list.error} />
      {list.isPending ? (
        <p className="admin-status">Loading…</p>
      ) : items.length === 0 ? (
        <p className="admin-muted">No mail yet.</p>
      ) : (
        <ScrollBox label="Mail">
          <table
            className="admin-table admin-mail"
            aria-labelledby="admin-mail-h"
            aria-busy={list.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <tr key={m.id}>
                  <th scope="row">{m.to}</th>
                  <td>
                    {m.text ? (
                      <details>
                        <summary>{m.subject ?? m.message}</summary>
                        <pre className="admin-mail-body">{m.text}</pre>
                      </details>
                    ) : (
                      (m.subject ?? <span className="admin-muted">{m.message}</span>)
                    )}
                  </td>
                  <td>
                    {STATUS[m.status]}
                    {m.error ? <span className="admin-muted"> ({m.error})</span> : null}
                  </td>
                  <td>
                    <time dateTime={m.sentAt ?? m.createdAt}>
                      {new Date(m.sentAt ?? m.createdAt).toLocaleString()}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
