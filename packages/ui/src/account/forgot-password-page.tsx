/**
 * Asks for a password reset link. The answer is the same whether or not the address has an
 * account (the server makes sure of it), so the page says exactly that and nothing more.
 */
import { useState } from 'react';
import { PageHeader } from '../components/page-header';
import { ProblemAlert } from '../components/problem-alert';
import { TextInput } from '../components/text-input';
import { nf } from '../data/ninefold';
import type { PageProps } from '../registry/ui-registry';
import { Link } from '../router/link';
import { required, useAccountForm } from './use-account-form';
import './account.css';

/**
 * @example <ForgotPasswordPage name="forgotPassword" screen={screen} params={{}} />
 */
export default function ForgotPasswordPage(props: PageProps) {
  const client = nf.useClient();
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  const form = useAccountForm({ email: '' }, (v) => required(v, { email: 'Email' }));
  const send = form.submit(async ({ email }) => {
    await client.auth.requestPasswordReset({ email: email.trim() });
    setSentTo(email.trim());
  });

  return (
    <div className="narrow">
      <PageHeader page={props} />
      {sentTo !== undefined ? (
        <div className="notice" role="status">
          <p>If an account exists for that address, we sent a link to {sentTo}.</p>
          <p>
            The link works once and expires soon. Nothing arrived? Look in your spam folder, or ask again.
          </p>
        </div>
      ) : (
        <p className="lede">
          Give the email address of your account: we send a link to choose a new password.
        </p>
      )}
      <form ref={form.ref} noValidate onSubmit={send} aria-label="Ask for a reset link">
        {form.problem !== undefined && <ProblemAlert error={form.problem} issues={form.other} />}
        <TextInput
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          onChange={form.set('email')}
          errors={form.errors.email}
        />
        <div className="form-actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Sending…' : sentTo === undefined ? 'Send the link' : 'Send another link'}
          </button>
        </div>
      </form>
      <p>
        Remembered it? <Link to="/login">Sign in</Link>
      </p>
    </div>
  );
}
