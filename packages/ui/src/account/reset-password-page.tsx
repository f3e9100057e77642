/**
 * Opened from a reset mail (`?token=`): a new password within the policy; on success the
 * person is signed in (every other session of the account has ended) and sent home.
 */
import { PageHeader } from '../components/page-header';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { useMeta } from '../meta/meta-provider';
import type { PageProps } from '../registry/ui-registry';
import { Link } from '../router/link';
import { useRouter } from '../router/router-provider';
import { useSession } from '../session/session-provider';
import { ACCOUNT_ROUTES } from './account-screens';
import { LinkProblem, NoToken } from './link-problem';
import { NewPasswordInput } from './new-password-input';
import { passwordProblem } from './password-rule';
import { useAccountForm } from './use-account-form';
import { useLinkToken } from './use-link-token';
import './account.css';

/**
 * @example <ResetPasswordPage name="resetPassword" screen={screen} params={{}} />
 */
export default function ResetPasswordPage(props: PageProps) {
  const client = nf.useClient();
  const rule = useMeta().auth?.password;
  const { adopt } = useSession();
  const { navigate } = useRouter();
  const notify = useNotify();
  const token = useLinkToken();
  const form = useAccountForm({ password: '' }, (v) => {
    const problem = passwordProblem(v.password, rule);
    return problem ? [{ path: 'password', message: problem }] : [];
  });
  const again = <Link to={ACCOUNT_ROUTES.forgotPassword}>Ask for a new link</Link>;
  const send = form.submit(async ({ password }) => {
    const { user } = await client.auth.resetPassword({ token, password });
    adopt(user);
    notify.success('Your password is changed and you are signed in. Other sessions were signed out.');
    navigate('/', { replace: true });
  });

  return (
    <div className="narrow">
      <PageHeader page={props} />
      {token === '' ? (
        <NoToken again={again} />
      ) : (
        <form ref={form.ref} noValidate onSubmit={send} aria-label="Choose a new password">
          <LinkProblem error={form.problem} issues={form.other} again={again} />
          <NewPasswordInput
            id="reset-password"
            value={form.values.password}
            onChange={form.set('password')}
            errors={form.errors.password}
          />
          <div className="form-actions">
            <button type="submit" disabled={form.busy}>
              {form.busy ? 'Saving…' : 'Save and sign in'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
