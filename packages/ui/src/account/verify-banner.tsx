/**
 * A banner for a signed-in account that has not confirmed its address yet (its role asks for
 * it): what that means, and a button that sends the link again.
 */
import { useState } from 'react';
import { nf } from '../data/ninefold';
import { problemMessage } from '../feedback/problem-message';
import { useMeta } from '../meta/meta-provider';
import { useSession } from '../session/session-provider';
import { needsVerification } from './needs-verification';
import './account.css';

/**
 * @example <VerifyBanner />
 */
export function VerifyBanner() {
  const meta = useMeta();
  const client = nf.useClient();
  const { user } = useSession();
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  if (!needsVerification(meta.roles, user)) return null;
  const resend = async () => {
    setBusy(true);
    try {
      await client.auth.resendVerification();
      setSaid(`We sent a new link to ${String(user?.email ?? 'your address')}.`);
    } catch (e) {
      setSaid(problemMessage(e, meta.errors));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="verify-banner" aria-label="Confirm your email">
      <p>
        Confirm your email address: open the link we sent to <strong>{String(user?.email ?? '')}</strong>.
        Until then some things are not open to you.
      </p>
      <button type="button" className="secondary small" onClick={resend} disabled={busy}>
        {busy ? 'Sending…' : 'Resend the link'}
      </button>
      <p role="status" className="verify-banner-status">
        {said}
      </p>
    </section>
  );
}
