/**
 * Disables or enables an account. Disabling asks first, since the server ends that person's
 * sessions and closes their live connections at once and they cannot sign in until enabled
 * again; enabling needs no question. Sent with `If-Match`, so a change made meanwhile is
 * refused, not overwritten. The admin's own row offers nothing: the server refuses it too.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../components/confirm-dialog';
import { type AnyRecord, nf } from '../data/ninefold';
import { useMeta } from '../meta/meta-provider';
import { refusalText } from './refusal-text';

export interface AccountToggleProps {
  readonly user: AnyRecord;
  readonly self: boolean;
}

/**
 * @example <AccountToggle user={u} self={u.id === me.id} />
 */
export function AccountToggle({ user, self }: AccountToggleProps) {
  const meta = useMeta();
  const update = nf.useUpdate('users');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = String(user.name ?? user.email);
  const disabled = user.disabled === true;

  const save = async (next: boolean): Promise<boolean> => {
    setBusy(true);
    try {
      await update.mutateAsync({ id: user.id, patch: { disabled: next }, version: user.version });
      toast.success(next ? `${name} is disabled.` : `${name} is enabled again.`, {
        description: next
          ? 'Their sessions have ended and they cannot sign in until enabled again.'
          : 'They can sign in again.',
      });
      return true;
    } catch (e) {
      toast.error(`${name} was not ${next ? 'disabled' : 'enabled'}.`, {
        description: refusalText(e, meta, 'users'),
      });
      return true;
    } finally {
      setBusy(false);
    }
  };

  if (self) return <span className="admin-muted">Active (you)</span>;
  return (
    <span className="admin-account">
      <span>{disabled ? 'Disabled' : 'Active'}</span>
      <button
        type="button"
        className="secondary admin-small"
        aria-label={`${disabled ? 'Enable' : 'Disable'} the account of ${name}`}
        disabled={busy}
        onClick={() => (disabled ? void save(false) : setAsking(true))}
      >
        {disabled ? 'Enable' : 'Disable'}
      </button>
      {asking && (
        <ConfirmDialog
          title={`Disable ${name}?`}
          description={`${name} is signed out everywhere at once and cannot sign in until an admin enables the account again. Nothing they made is deleted.`}
          confirm="Disable account"
          onConfirm={() => save(true)}
          onClose={() => setAsking(false)}
        />
      )}
    </span>
  );
}
