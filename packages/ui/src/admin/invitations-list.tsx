/**
 * Pending invitations: who, into which role, when invited, when the link expires, and whether
 * it is still good. Resend mails a new link (the old one stops working); revoke (after a
 * question) kills the link and removes the account it made, which has no password yet.
 */
import type { Invitation } from '@ninefold/spec';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { useMeta } from '../meta/meta-provider';
import { PanelProblem } from './panel-problem';
import { ScrollBox } from './scroll-box';

const date = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

/**
 * @example <InvitationsList />
 */
export function InvitationsList() {
  const meta = useMeta();
  const list = nf.useInvitations();
  const invite = nf.useInvite();
  const revoke = nf.useRevokeInvitation();
  const notify = useNotify();
  const [asking, setAsking] = useState<Invitation | undefined>(undefined);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const items: readonly Invitation[] = list.data ?? [];

  const resend = async (i: Invitation) => {
    setBusy(i.id);
    try {
      await invite.mutateAsync({ email: i.email, role: i.role, ...(i.name ? { name: i.name } : {}) });
      notify.success(`A new link was sent to ${i.email}.`);
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(undefined);
    }
  };
  const remove = async (i: Invitation): Promise<boolean> => {
    try {
      await revoke.mutateAsync(i.id);
      notify.success(`The invitation of ${i.email} is revoked.`);
    } catch (e) {
      notify.error(e);
    }
    return true;
  };

  return (
    <section aria-labelledby="admin-invites-h" className="admin-invitations">
      <h3 id="admin-invites-h">Pending invitations</h3>
      <PanelProblem error={list.error} />
      {list.isPending ? (
        <p className="admin-status">Loading…</p>
      ) : items.length === 0 ? (
        <p className="admin-muted">No pending invitations.</p>
      ) : (
        <ScrollBox label="Pending invitations">
          <table className="admin-table" aria-labelledby="admin-invites-h">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Invited</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.id}>
                  <th scope="row">{i.email}</th>
                  <td>{meta.roles[i.role]?.label ?? i.role}</td>
                  <td>{date(i.createdAt)}</td>
                  <td>{date(i.expiresAt)}</td>
                  <td>{i.status === 'expired' ? 'Expired' : i.sentAt ? 'Sent' : 'Queued'}</td>
                  <td className="admin-row-actions">
                    <button
                      type="button"
                      className="secondary admin-small"
                      aria-label={`Resend the invitation of ${i.email}`}
                      disabled={busy === i.id}
                      onClick={() => void resend(i)}
                    >
                      Resend
                    </button>
                    <button
                      type="button"
                      className="secondary admin-small"
                      aria-label={`Revoke the invitation of ${i.email}`}
                      onClick={() => setAsking(i)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {asking && (
        <ConfirmDialog
          title={`Revoke the invitation of ${asking.email}?`}
          description="The link in their mail stops working, and the account made for them (with no password yet) is removed."
          confirm="Revoke invitation"
          onConfirm={() => remove(asking)}
          onClose={() => setAsking(undefined)}
        />
      )}
    </section>
  );
}
