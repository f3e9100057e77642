/**
 * Change of password on the account page: the current one proves it is the person, the new
 * one follows the policy. The server ends the account's other sessions; this one goes on.
 */
import { ProblemAlert } from '../components/problem-alert';
import { TextInput } from '../components/text-input';
import { nf } from '../data/ninefold';
import { useNotify } from '../feedback/use-notify';
import { useMeta } from '../meta/meta-provider';
import { NewPasswordInput } from './new-password-input';
import { passwordProblem } from './password-rule';
import { required, useAccountForm } from './use-account-form';

const EMPTY = { currentPassword: '', password: '' };

/**
 * @example <ChangePasswordForm />
 */
export function ChangePasswordForm() {
  const client = nf.useClient();
  const rule = useMeta().auth?.password;
  const notify = useNotify();
  const form = useAccountForm(EMPTY, (v) => {
    const problem = passwordProblem(v.password, rule);
    return [
      ...required(v, { currentPassword: 'Current password' }),
      ...(problem ? [{ path: 'password', message: problem }] : []),
    ];
  });
  const send = form.submit(
    (v) => client.auth.changePassword(v),
    () => {
      form.setValues(EMPTY);
      notify.success('Password changed. Your other sessions were signed out.');
    },
  );
  return (
    <section className="account-section" aria-labelledby="account-password-h">
      <h2 id="account-password-h">Password</h2>
      <form ref={form.ref} noValidate onSubmit={send} aria-labelledby="account-password-h">
        {form.problem !== undefined && <ProblemAlert error={form.problem} issues={form.other} />}
        <TextInput
          id="account-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.values.currentPassword}
          onChange={form.set('currentPassword')}
          errors={form.errors.currentPassword}
        />
        <NewPasswordInput
          id="account-new-password"
          value={form.values.password}
          onChange={form.set('password')}
          errors={form.errors.password}
        />
        <div className="form-actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
