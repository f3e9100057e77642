/**
 * Signs the person out of every session (this one too), after asking: for a lost phone or a
 * shared computer left signed in.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { useRouter } from '../router/router-provider';
import { useSession } from '../session/session-provider';

/**
 * @example <SignOutEverywhere />
 */
export function SignOutEverywhere() {
  const client = nf.useClient();
  const { adopt } = useSession();
  const { navigate } = useRouter();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const run = async (): Promise<boolean> => {
    try {
      await client.auth.signOutEverywhere();
    } catch (e) {
      notify.error(e);
      return true;
    }
    adopt(null);
    navigate('/login');
    return false;
  };
  return (
    <section className="account-section" aria-labelledby="account-sessions-h">
      <h2 id="account-sessions-h">Sessions</h2>
      <p>Signed in somewhere you no longer are? End every session of your account, this one included.</p>
      <button type="button" className="secondary" onClick={() => setAsking(true)}>
        Sign out everywhere
      </button>
      {asking && (
        <ConfirmDialog
          title="Sign out everywhere?"
          description="Every session of your account ends, on every device, this one included. API keys keep working."
          confirm="Sign out everywhere"
          onConfirm={run}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
