/**
 * Opened from an invitation mail (`?token=`): the invitee sets a password (and a name, if
 * they want another than the one given) and is signed in with the role they were invited to.
 */
import { PageHeader } from '../components/page-header';
import { TextInput } from '../components/text-input';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { useMeta } from '../meta/meta-provider';
import type { PageProps } from '../registry/ui-registry';
import { useRouter } from '../router/router-provider';
import { useSession } from '../session/session-provider';
import { LinkProblem, NoToken } from './link-problem';
import { NewPasswordInput } from './new-password-input';
import { passwordProblem } from './password-rule';
import { useAccountForm } from './use-account-form';
import { useLinkToken } from './use-link-token';
import './account.css';

const AGAIN = 'Ask whoever invited you to send the invitation again.';

/**
 * @example <AcceptInvitePage name="acceptInvite" screen={screen} params={{}} />
 */
export default function AcceptInvitePage(props: PageProps) {
  const client = nf.useClient();
  const meta = useMeta();
  const { adopt } = useSession();
  const { navigate } = useRouter();
  const notify = useNotify();
  const token = useLinkToken();
  const form = useAccountForm({ name: '', password: '' }, (v) => {
    const problem = passwordProblem(v.password, meta.auth?.password);
    return problem ? [{ path: 'password', message: problem }] : [];
  });
  const send = form.submit(async ({ name, password }) => {
    const trimmed = name.trim();
    const { user } = await client.auth.acceptInvitation({
      token,
      password,
      ...(trimmed ? { name: trimmed } : {}),
    });
    adopt(user);
    notify.success(`Welcome to ${meta.about.name}. You are signed in.`);
    navigate('/', { replace: true });
  });

  return (
    <div className="narrow">
      <PageHeader page={props} lede={`You were invited to ${meta.about.name}. Choose a password to start.`} />
      {token === '' ? (
        <NoToken again={AGAIN} />
      ) : (
        <form ref={form.ref} noValidate onSubmit={send} aria-label="Accept the invitation">
          <LinkProblem error={form.problem} issues={form.other} again={AGAIN} />
          <TextInput
            id="invite-name"
            label="Your name"
            required={false}
            autoComplete="name"
            hint="Leave it empty to keep the name you were invited with."
            value={form.values.name}
            onChange={form.set('name')}
            errors={form.errors.name}
          />
          <NewPasswordInput
            id="invite-password"
            label="Password"
            value={form.values.password}
            onChange={form.set('password')}
            errors={form.errors.password}
          />
          <div className="form-actions">
            <button type="submit" disabled={form.busy}>
              {form.busy ? 'Signing you in…' : 'Set password and sign in'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
