/**
 * Opened from a confirmation mail (`?token=`): confirms the address as soon as the page opens
 * (sign-up's confirmation, or a new address after a change of email) and says so, with the way
 * on. A link is good once, so it is sent once per page, never again on a re-render.
 */
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../components/page-header';
import { nf } from '../data/ninefold';
import type { PageProps } from '../registry/ui-registry';
import { Link } from '../router/link';
import { useSession } from '../session/session-provider';
import { ACCOUNT_ROUTES } from './account-screens';
import { LinkProblem, NoToken } from './link-problem';
import { useLinkToken } from './use-link-token';
import './account.css';

type State =
  | { readonly kind: 'working' }
  | { readonly kind: 'done'; readonly email: string }
  | { readonly kind: 'failed'; readonly error: unknown };

/**
 * @example <VerifyEmailPage name="verifyEmail" screen={screen} params={{}} />
 */
export default function VerifyEmailPage(props: PageProps) {
  const client = nf.useClient();
  const { user, reload } = useSession();
  const token = useLinkToken();
  const [state, setState] = useState<State>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    if (token === '' || sent.current) return;
    sent.current = true;
    client.auth
      .verifyEmail({ token })
      .then(async ({ email }) => {
        setState({ kind: 'done', email });
        // The session's user now has the confirmed address (and no banner asking for it).
        await reload();
      })
      .catch((error: unknown) => setState({ kind: 'failed', error }));
  }, [client, token, reload]);

  const again = user ? (
    <Link to={ACCOUNT_ROUTES.account}>Send a new link from your account</Link>
  ) : (
    <Link to="/login">Sign in to send a new link</Link>
  );
  return (
    <div className="narrow">
      <PageHeader page={props} />
      {token === '' ? (
        <NoToken again={again} />
      ) : state.kind === 'working' ? (
        <p role="status">Confirming your email address…</p>
      ) : state.kind === 'failed' ? (
        <LinkProblem error={state.error} again={again} />
      ) : (
        <div className="notice" role="status">
          <p>Your email address {state.email} is confirmed.</p>
          <p>
            <Link to={user ? '/' : '/login'}>{user ? 'Continue' : 'Sign in to continue'}</Link>
          </p>
        </div>
      )}
    </div>
  );
}
