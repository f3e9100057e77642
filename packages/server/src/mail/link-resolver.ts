/**
 * The seam between the mail worker and the account flows: a queued mail names the link it
 * carries, and the account flows issue it (a one-time token, stored hashed) when the mail is
 * sent — so no link ever sits in the database in the clear.
 */
import type { Executor } from '../db/database';

/** The link a queued mail carries, issued when it is sent. */
export interface MailLink {
  readonly purpose: 'invitation' | 'passwordReset' | 'verifyEmail' | 'emailChange';
  readonly userId?: string;
  readonly invitationId?: string;
  /** The address the link confirms (the new one, for an email change). */
  readonly email?: string;
}

/** A mail as the worker reads it from the queue. */
export interface QueuedMail {
  readonly id: string;
  readonly message: string;
  readonly to: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly link: MailLink | null;
}

/**
 * Issues a queued mail's link inside the worker's transaction and answers the params to
 * render it with (and its recipient), or null when there is nothing to send (a reset asked
 * for an address with no account): the mail is then `dropped`.
 * @example const resolve: LinkResolver = async (tx, mail, { appUrl }) => ({ to: mail.to, params: { link: `${appUrl}/x` } });
 */
export type LinkResolver = (
  tx: Executor,
  mail: QueuedMail,
  at: { readonly now: Date; readonly appUrl: string },
) => Promise<{ readonly to: string; readonly params: Readonly<Record<string, string | number>> } | null>;
