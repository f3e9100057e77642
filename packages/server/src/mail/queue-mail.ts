/**
 * Queues a mail in the caller's transaction: it is sent if and only if the write that asked
 * for it commits, and once committed it is never lost (the worker retries until it leaves).
 */

import { uuid7 } from '../core/uuid7';
import type { Executor } from '../db/database';
import type { MailLink } from './link-resolver';

export interface MailRequest {
  /** A message of the app's catalogue (`app.messages`). */
  readonly message: string;
  readonly to: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly link?: MailLink;
}

/**
 * @example await queueMail(tx, { message: 'passwordReset', to: email, link: { purpose: 'passwordReset' } }, now);
 */
export async function queueMail(exec: Executor, mail: MailRequest, now: Date): Promise<string> {
  const id = uuid7(now.getTime());
  const at = now.toISOString();
  await exec.run(
    exec.qb.insertInto('nf_mail').values({
      id,
      message: mail.message,
      to: mail.to,
      params: JSON.stringify(mail.params ?? {}),
      link: mail.link ? JSON.stringify(mail.link) : null,
      status: 'queued',
      subject: null,
      attempts: 0,
      nextAttemptAt: at,
      lockedUntil: null,
      createdAt: at,
      sentAt: null,
      error: null,
    }),
  );
  return id;
}
