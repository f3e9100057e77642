/**
 * Change of email on the account page: the new address gets a link, and the change happens
 * only when it is opened (until then the old address stays). The current password proves it
 * is the person. An address taken by another account gets the same answer and no mail, so
 * the form cannot be used to learn who has an account.
 */
import { useState } from 'react';
import { ProblemAlert } from '../components/problem-alert';
import { TextInput } from '../components/text-input';
import { nf } from '../data/ninefold';
import { required, useAccountForm } from './use-account-form';

const EMPTY = { email: '', currentPassword: '' };

/**
 * @example <ChangeEmailForm current="ann@example.com" />
 */
export function ChangeEmailForm({ current }: { readonly current: string }) {
  const client = nf.useClient();
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  const form = useAccountForm(EMPTY, (v) =>
    required(v, { email: 'New email', currentPassword: 'Current password' }),
  );
  const send = form.submit(async (v) => {
    const email = v.email.trim();
    await client.auth.changeEmail({ email, currentPassword: v.currentPassword });
    setSentTo(email);
    form.setValues(EMPTY);
  });
  return (
    <section className="account-section" aria-labelledby="account-email-h">
      <h2 id="account-email-h">Email</h2>
      <p>
        Your address is <strong>{current}</strong>. A new address must be confirmed: we send it a link, and
        the change takes effect when the link is opened.
      </p>
      {sentTo !== undefined && (
        <div className="notice" role="status">
          <p>We sent a link to {sentTo}. Your address changes when you open it.</p>
        </div>
      )}
      <form ref={form.ref} noValidate onSubmit={send} aria-labelledby="account-email-h">
        {form.problem !== undefined && <ProblemAlert error={form.problem} issues={form.other} />}
        <TextInput
          id="account-email"
          label="New email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          onChange={form.set('email')}
          errors={form.errors.email}
        />
        <TextInput
          id="account-email-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.values.currentPassword}
          onChange={form.set('currentPassword')}
          errors={form.errors.currentPassword}
        />
        <div className="form-actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Sending…' : 'Change email'}
          </button>
        </div>
      </form>
    </section>
  );
}
