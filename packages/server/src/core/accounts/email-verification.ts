/**
 * Email verification and change of email. A role with `verifyEmail` gets a link at sign-up
 * (and again on asking); following it marks the address verified. A change of email mails a
 * link to the NEW address, and the account's email changes only when that link is followed
 * — still free then; a taken address gets no mail at all, and the same answer.
 */
import type { App, VerifyEmailAnswer } from '@ninefold/spec';
import { queueMail } from '../../mail/queue-mail';
import { AppError, validationFailed } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { readInput } from './account-input';
import { consumeToken } from './tokens';
import { writeUser } from './write-user';

/**
 * Whether accounts of `role` must confirm their address.
 * @example verifiesEmail(app, 'customer') // true for `customer: { verifyEmail: true }`
 */
export function verifiesEmail(app: App, role: string): boolean {
  return Boolean(Object.hasOwn(app.roles, role) && app.roles[role]!.verifyEmail);
}

/**
 * Queues a verification link for `user` (a users row) unless already verified.
 * @example await queueVerification(scope, user) // after sign-up, in its transaction
 */
export async function queueVerification(scope: RecordScope, user: Rec): Promise<boolean> {
  if (user.emailVerified === true) return false;
  const email = String(user.email);
  await queueMail(
    scope.exec,
    { message: 'verifyEmail', to: email, link: { purpose: 'verifyEmail', userId: String(user.id), email } },
    scope.now,
  );
  return true;
}

/**
 * Follows a verification (or email change) link: answers the address now confirmed.
 * @example await write(null, (s) => verifyEmail(s, { token }), true) // { email: 'ann@example.com' }
 */
export async function verifyEmail(scope: RecordScope, body: unknown): Promise<VerifyEmailAnswer> {
  const { token: raw } = readInput(scope.app, body, { token: { kind: 'secret' } });
  const token = await consumeToken(scope.exec, raw, ['verifyEmail', 'emailChange'], scope.now);
  const user = await scope.load('users', token.userId, true);
  if (!user || user.disabled === true) throw new AppError('INVALID_TOKEN');
  if (token.purpose === 'verifyEmail') {
    // The address changed since the link left: it proves nothing about the new one.
    if (user.email !== token.email) throw new AppError('INVALID_TOKEN');
    await writeUser(scope, token.userId, { emailVerified: true });
    return { email: token.email };
  }
  const holders = await scope.exec.all<Rec>(
    scope.exec.qb.selectFrom('users').select('id').where('email', '=', token.email),
  );
  if (holders.some((h) => String(h.id) !== token.userId))
    throw validationFailed([{ path: 'email', code: 'unique', message: 'This address is taken now.' }]);
  await writeUser(scope, token.userId, { email: token.email, emailVerified: true });
  return { email: token.email };
}

/**
 * Sends the caller's verification link again; false (nothing sent) when already verified.
 * @example await write(caller, (s) => resendVerification(s, caller.id), true)
 */
export async function resendVerification(scope: RecordScope, userId: string): Promise<boolean> {
  const user = await scope.load('users', userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return queueVerification(scope, user);
}

/**
 * The new address of a change of email, checked (422 for a wrong shape).
 * @example const { email, currentPassword } = changeEmailInput(app, body);
 */
export function changeEmailInput(app: App, body: unknown): { email: string; currentPassword: string } {
  return readInput(app, body, { email: { kind: 'email' }, currentPassword: { kind: 'secret' } });
}

/**
 * Queues the email-change link to `email` unless some account (this one included) has it.
 * The current password was checked before. Answers whether a mail was queued.
 * @example await write(caller, (s) => requestEmailChange(s, caller.id, 'new@example.com'), true)
 */
export async function requestEmailChange(
  scope: RecordScope,
  userId: string,
  email: string,
): Promise<boolean> {
  const { exec } = scope;
  const holders = await exec.all(exec.qb.selectFrom('users').select('id').where('email', '=', email));
  if (holders.length > 0) return false;
  await queueMail(
    exec,
    { message: 'emailChange', to: email, params: { email }, link: { purpose: 'emailChange', userId, email } },
    scope.now,
  );
  return true;
}
