/**
 * Accepting an invitation: the link's token, a password within the policy, optionally a
 * name; the account gets its password, its address counts as verified (the link reached
 * it), the invitation is gone, and the invitee is signed in.
 */
import type { App } from '@ninefold/spec';
import { AppError } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { readInput } from './account-input';
import { type SignedInAnswer, signedIn } from './account-sessions';
import { hasPassword, replaceCredentials } from './credentials';
import { hashPassword } from './passwords';
import { consumeToken, dropTokens, tokenUser } from './tokens';
import { writeUser } from './write-user';

/** A checked acceptance, its password hashed outside any transaction. */
export interface AcceptRequest {
  readonly token: string;
  readonly passwordHash: string;
  readonly name?: string;
}

/**
 * @example const request = await checkAccept(app, { token, password: 'a-new-passphrase', name: 'Ann' });
 */
export async function checkAccept(app: App, body: unknown): Promise<AcceptRequest> {
  const input = readInput(app, body, {
    token: { kind: 'secret' },
    password: { kind: 'password' },
    name: { kind: 'name', optional: true },
  });
  return {
    token: input.token,
    passwordHash: await hashPassword(input.password),
    ...(input.name !== undefined ? { name: input.name } : {}),
  };
}

/**
 * Uses the invitation link in the scope's (system) transaction.
 * @example await write(null, (s) => completeAccept(s, request), true)
 */
export async function completeAccept(scope: RecordScope, request: AcceptRequest): Promise<SignedInAnswer> {
  const { exec } = scope;
  // The account's row first, as revoking does: the same lock order, so the two never deadlock.
  const holder = await tokenUser(exec, request.token);
  if (holder !== undefined) await scope.load('users', holder, true);
  const token = await consumeToken(exec, request.token, 'invitation', scope.now);
  const invitations = await exec.all<Rec>(
    exec.qb.selectFrom('nf_invitations').selectAll().where('userId', '=', token.userId),
  );
  const user = await scope.load('users', token.userId, true);
  // Revoked, superseded, or the account changed since: the link is dead.
  if (
    invitations.length === 0 ||
    !user ||
    user.disabled === true ||
    user.email !== token.email ||
    (await hasPassword(exec, token.userId))
  )
    throw new AppError('INVALID_TOKEN');
  await replaceCredentials(exec, token.userId, request.passwordHash, scope.now);
  await exec.run(exec.qb.deleteFrom('nf_invitations').where('userId', '=', token.userId));
  await dropTokens(exec, token.userId, 'invitation');
  const after = await writeUser(scope, token.userId, {
    emailVerified: true,
    ...(request.name !== undefined ? { name: request.name } : {}),
  });
  return signedIn(scope, after);
}
