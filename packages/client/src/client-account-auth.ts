/**
 * The account flows of `client.auth`: password reset, invitations accepted, email
 * verification, change of password or email, and sign-out everywhere. A link followed that
 * signs in (a reset, an invitation) goes the way `signIn` goes; sign-out everywhere the way
 * `signOut` goes.
 */
import type { VerifyEmailAnswer } from '@ninefold/spec';
import type { SignedIn } from './client-auth';
import type { CallOptions } from './client-types';
import type { Transport } from './transport';

/**
 * What a link of a mail carries back: its `?token=`.
 * @example const input: LinkToken = { token: new URL(location.href).searchParams.get('token') ?? '' };
 */
export interface LinkToken {
  readonly token: string;
}

/**
 * @example
 * const account = accountAuth<typeof app>(http, { signedIn, signedOut });
 * await account.requestPasswordReset({ email: 'ada@example.com' });
 */
export function accountAuth<A>(
  http: Transport,
  session: {
    /** Keeps the token as sign-in does, reopens realtime, tells the listeners. */
    readonly signedIn: (r: SignedIn<A>) => SignedIn<A>;
    readonly signedOut: () => void;
  },
) {
  const post = <T>(path: string, body: unknown, opts: CallOptions) =>
    http.request<T>('POST', path, { body, signal: opts.signal });
  return {
    /**
     * Mails a reset link if the address has an account; answers the same either way.
     * @example await client.auth.requestPasswordReset({ email: 'ada@example.com' });
     */
    requestPasswordReset: async (input: { email: string }, opts: CallOptions = {}): Promise<void> => {
      await post<void>('/api/auth/password-reset', input, opts);
    },
    /**
     * Sets a new password with the token of a reset link, and signs in; every other session
     * of the account ends.
     * @example const { user } = await client.auth.resetPassword({ token, password: 'a new long password' });
     */
    resetPassword: async (input: LinkToken & { password: string }, opts: CallOptions = {}) =>
      session.signedIn(await post<SignedIn<A>>('/api/auth/password-reset/confirm', input, opts)),
    /**
     * Accepts an invitation with the token of its link: sets the password (and the name, if
     * given), and signs in.
     * @example await client.auth.acceptInvitation({ token, password: 'a long password', name: 'Ada' });
     */
    acceptInvitation: async (
      input: LinkToken & { password: string; name?: string },
      opts: CallOptions = {},
    ) => session.signedIn(await post<SignedIn<A>>('/api/auth/invitations/accept', input, opts)),
    /**
     * Confirms the address a verification link was sent to (after a change of email, the new
     * address takes effect); works signed out.
     * @example const { email } = await client.auth.verifyEmail({ token });
     */
    verifyEmail: (input: LinkToken, opts: CallOptions = {}) =>
      post<VerifyEmailAnswer>('/api/auth/verify-email', input, opts),
    /**
     * Mails the signed-in user a new verification link (nothing when already verified).
     * @example await client.auth.resendVerification();
     */
    resendVerification: async (opts: CallOptions = {}): Promise<void> => {
      await post<void>('/api/auth/verify-email/resend', {}, opts);
    },
    /**
     * Changes the password; the account's other sessions end, this one goes on.
     * @example await client.auth.changePassword({ currentPassword: old, password: 'a new long password' });
     */
    changePassword: async (
      input: { currentPassword: string; password: string },
      opts: CallOptions = {},
    ): Promise<void> => {
      await post<void>('/api/auth/password', input, opts);
    },
    /**
     * Asks to change the email: a link goes to the new address, and the email changes when
     * it is followed (`verifyEmail`).
     * @example await client.auth.changeEmail({ email: 'ada@new.example', currentPassword: pw });
     */
    changeEmail: async (
      input: { email: string; currentPassword: string },
      opts: CallOptions = {},
    ): Promise<void> => {
      await post<void>('/api/auth/email', input, opts);
    },
    /**
     * Ends every session of the account, this one included.
     * @example await client.auth.signOutEverywhere();
     */
    signOutEverywhere: async (opts: CallOptions = {}): Promise<void> => {
      await post<void>('/api/auth/logout-everywhere', {}, opts);
      session.signedOut();
    },
  };
}
