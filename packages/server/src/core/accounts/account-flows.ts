/**
 * The account flows as methods of the core (ninefold-core.ts spreads them in): each write in
 * one transaction of the core's `write`, acting as the system on behalf of its caller (the
 * flows check their own permissions), so their events reach caches and realtime like any
 * write. Passwords are hashed and checked before the transaction opens: it takes tens of
 * milliseconds.
 */
import type { App, Invitation, VerifyEmailAnswer } from '@ninefold/spec';
import type { Database } from '../../db/database';
import { AppError, isAppError } from '../app-error';
import { RecordScope } from '../records/record-scope';
import type { Caller } from '../rules/rule-context';
import { checkAccept, completeAccept } from './accept-invitation';
import { dropAccountLinks } from './account-cleanup';
import { readInput } from './account-input';
import { endSessions, type SignedInAnswer } from './account-sessions';
import { passwordMatches, replaceCredentials } from './credentials';
import { changeEmailInput, requestEmailChange, resendVerification, verifyEmail } from './email-verification';
import { invite, listInvitations, revokeInvitation } from './invitations';
import { checkReset, completeReset, requestPasswordReset } from './password-reset';
import { hashPassword } from './passwords';
import { writeUser } from './write-user';

/** The core's write: `fn` in one transaction, its events announced once committed. */
export type CoreWrite = <T>(
  caller: Caller | null,
  fn: (s: RecordScope) => Promise<T>,
  system?: boolean,
) => Promise<T>;

export interface FlowContext {
  readonly app: App;
  readonly db: Database;
  readonly now: () => Date;
  readonly write: CoreWrite;
}

/** A signed-in person, not an API key: keys may not change the account's credentials. */
function person(caller: Caller | null): Caller {
  if (!caller) throw new AppError('UNAUTHENTICATED');
  if (caller.apiKey !== undefined) throw new AppError('FORBIDDEN');
  return caller;
}

/** Inviting and revoking act as the system: an unconfirmed address may not (as any write). */
function verified(caller: Caller): Caller {
  if (caller.unverified) throw new AppError('EMAIL_NOT_VERIFIED');
  return caller;
}

/**
 * @example const core = { ...accountFlows({ app, db, now, write }) }; await core.requestPasswordReset('ann@example.com');
 */
export function accountFlows({ app, db, now, write }: FlowContext) {
  return {
    /** Queues the reset mail for a checked address (see password-reset.ts). */
    requestPasswordReset: (email: string): Promise<void> =>
      write(null, (s) => requestPasswordReset(s, email), true),
    /** Uses a reset link: new password, every session ended, signed in. */
    resetPassword: async (body: unknown): Promise<SignedInAnswer> => {
      const request = await checkReset(app, body);
      return write(null, (s) => completeReset(s, request), true);
    },
    /**
     * Invites an address with a role (again: a new link, the old one dead). A null caller is
     * the operator at the command line (`ninefold invite`), who vouches for any role; the
     * HTTP route refuses a request without a caller before it gets here.
     */
    invite: (caller: Caller | null, body: unknown): Promise<Invitation> =>
      write(caller === null ? null : verified(person(caller)), (s) => invite(s, body), true),
    /** The pending invitations the caller may manage. */
    invitations: (caller: Caller | null): Promise<Invitation[]> =>
      listInvitations(new RecordScope(app, db, person(caller), now(), true)),
    /** Revokes an invitation; its account, never used, is deleted (disabled when referred to). */
    revokeInvitation: async (caller: Caller | null, id: string): Promise<void> => {
      const by = verified(person(caller));
      let revoked: boolean;
      try {
        revoked = await write(by, (s) => revokeInvitation(s, id, false), true);
      } catch (e) {
        if (!(isAppError(e) && e.code === 'STILL_REFERENCED')) throw e;
        revoked = await write(by, (s) => revokeInvitation(s, id, true), true);
      }
      // Accepted already: the stale row is gone, but there was no pending invitation.
      if (!revoked) throw new AppError('NOT_FOUND');
    },
    /** Uses an invitation link: password set, signed in. */
    acceptInvitation: async (body: unknown): Promise<SignedInAnswer> => {
      const request = await checkAccept(app, body);
      return write(null, (s) => completeAccept(s, request), true);
    },
    /** Follows a verification or email-change link. */
    /** Marks an address confirmed that an operator or a seed vouches for: no link is mailed. */
    vouchForEmail: (userId: string): Promise<void> =>
      write(null, (s) => writeUser(s, userId, { emailVerified: true }).then(() => undefined), true),
    verifyEmail: (body: unknown): Promise<VerifyEmailAnswer> =>
      write(null, (s) => verifyEmail(s, body), true),
    /** Sends the caller's verification link again (false: verified already, nothing sent). */
    resendVerification: (caller: Caller | null): Promise<boolean> => {
      const by = person(caller);
      return write(by, (s) => resendVerification(s, by.id), true);
    },
    /**
     * A new password for the caller; every other session ends and every link of the account
     * dies (an email change asked by someone who had the session must not outlive it).
     * `session` is the caller's own token, which stays signed in. API keys stay: they are
     * the owner's integrations, revoked one by one (a password reset revokes them all).
     */
    changePassword: async (
      caller: Caller | null,
      session: string | undefined,
      body: unknown,
    ): Promise<void> => {
      const by = person(caller);
      const input = readInput(app, body, {
        currentPassword: { kind: 'secret' },
        password: { kind: 'password' },
      });
      if (!(await passwordMatches(db, by.id, input.currentPassword)))
        throw new AppError('INVALID_CREDENTIALS');
      const passwordHash = await hashPassword(input.password);
      await write(
        by,
        async (s) => {
          await replaceCredentials(s.exec, by.id, passwordHash, s.now);
          await dropAccountLinks(s, by.id);
          await endSessions(s, by.id, session);
        },
        true,
      );
    },
    /** Checks the caller's address change; throws INVALID_CREDENTIALS for a wrong password. */
    changeEmailInput: (caller: Caller | null, body: unknown) => {
      person(caller);
      return changeEmailInput(app, body);
    },
    /**
     * Mails a link to the new address (none when it is taken: the same answer all the same).
     * The input comes from `changeEmailInput`.
     */
    changeEmail: async (caller: Caller | null, input: { email: string; currentPassword: string }) => {
      const by = person(caller);
      if (!(await passwordMatches(db, by.id, input.currentPassword)))
        throw new AppError('INVALID_CREDENTIALS');
      return write(by, (s) => requestEmailChange(s, by.id, input.email), true);
    },
    /**
     * Ends every session of the caller, this one included, and kills every link of the
     * account. API keys stay (like a forge's tokens): they are revoked one by one, or all by
     * a password reset.
     */
    logoutEverywhere: async (caller: Caller | null): Promise<void> => {
      const by = person(caller);
      await write(
        by,
        async (s) => {
          await endSessions(s, by.id);
          await dropAccountLinks(s, by.id);
        },
        true,
      );
    },
  };
}
