/**
 * Password reset. The request does the same work whatever the address: its shape is checked,
 * and one mail is queued to it; whether the address has an account is decided by the mail
 * worker (account-links.ts), which drops the mail when it has none. So the answer, its
 * headers and its time say nothing about who has an account.
 */
import type { App } from '@ninefold/spec';
import { queueMail } from '../../mail/queue-mail';
import { AppError } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import { dropAccountLinks, revokeAccountKeys } from './account-cleanup';
import { readInput } from './account-input';
import { endSessions, type SignedInAnswer, signedIn } from './account-sessions';
import { replaceCredentials } from './credentials';
import { hashPassword } from './passwords';
import { consumeToken, tokenUser } from './tokens';
import { writeUser } from './write-user';

/**
 * The address a reset is asked for, checked (422 for a shape that is wrong whoever asks).
 * @example const email = resetEmail(app, { email: 'Ann@Example.com' }) // 'ann@example.com'
 */
export function resetEmail(app: App, body: unknown): string {
  return readInput(app, body, { email: { kind: 'email' } }).email;
}

/**
 * Queues the reset mail in the scope's transaction.
 * @example await write(null, (s) => requestPasswordReset(s, email), true)
 */
export async function requestPasswordReset(scope: RecordScope, email: string): Promise<void> {
  await queueMail(
    scope.exec,
    { message: 'passwordReset', to: email, link: { purpose: 'passwordReset' } },
    scope.now,
  );
}

/** A checked reset confirmation, its new password hashed (outside any transaction). */
export interface ResetRequest {
  readonly token: string;
  readonly passwordHash: string;
}

/**
 * @example const request = await checkReset(app, { token, password: 'a-new-passphrase' });
 */
export async function checkReset(app: App, body: unknown): Promise<ResetRequest> {
  const input = readInput(app, body, { token: { kind: 'secret' }, password: { kind: 'password' } });
  return { token: input.token, passwordHash: await hashPassword(input.password) };
}

/**
 * Uses the reset link: sets the new password, ends every session of the account, kills every
 * other link of it (all purposes, and queued verification or email-change mail), revokes
 * every API key of it (a recovery implies the account may have been taken over; a change of
 * password or a sign-out everywhere keeps keys), deletes a pending invitation of it, marks the
 * address verified (following the link proved it), and signs in.
 * @example await write(null, (s) => completeReset(s, request), true)
 */
export async function completeReset(scope: RecordScope, request: ResetRequest): Promise<SignedInAnswer> {
  // The account's row first, as accepting and revoking an invitation do (a reset deletes one).
  const holder = await tokenUser(scope.exec, request.token);
  if (holder !== undefined) await scope.load('users', holder, true);
  const token = await consumeToken(scope.exec, request.token, 'passwordReset', scope.now);
  const user = await scope.load('users', token.userId, true);
  const service = user && scope.app.roles[String(user.role)]?.service === true;
  // An account disabled, deleted or made a service since the link left: the link is dead.
  if (!user || user.disabled === true || service || user.email !== token.email)
    throw new AppError('INVALID_TOKEN');
  await replaceCredentials(scope.exec, token.userId, request.passwordHash, scope.now);
  await endSessions(scope, token.userId);
  // A reset is a recovery: whoever held the account before may have asked for links (an
  // email change to their address), minted keys, or been invited to it; none survives.
  await dropAccountLinks(scope, token.userId);
  await revokeAccountKeys(scope, token.userId);
  await scope.exec.run(scope.exec.qb.deleteFrom('nf_invitations').where('userId', '=', token.userId));
  const after = await writeUser(scope, token.userId, { emailVerified: true });
  return signedIn(scope, after);
}
