/**
 * Mail in the account tests: sent by the app's own mail worker over SMTP to a real SMTP
 * server in this process (`testMailbox`), read back, and its link followed.
 */
import type { TestMailbox } from '@ninefold/testing';
import type { ExpenseTestApp } from './account-client';

/**
 * Sends what is due now and answers the next message to `to`.
 * @example const mail = await nextMail(t, mailbox, 'ann@example.com'); mail.text
 */
export async function nextMail(t: ExpenseTestApp, mailbox: TestMailbox, to: string) {
  await t.nf.mailer.deliverDue();
  return mailbox.next(to, { timeoutMs: 5_000 });
}

/**
 * The token of the link to `route` in the next message to `to`.
 * @example const token = await tokenFor(t, mailbox, 'ann@example.com', '/accept-invite');
 */
export async function tokenFor(
  t: ExpenseTestApp,
  mailbox: TestMailbox,
  to: string,
  route: string,
): Promise<string> {
  const mail = await nextMail(t, mailbox, to);
  return new URL(mailbox.linkIn(mail, route)).searchParams.get('token')!;
}

/**
 * What became of the mail queued to `to`, oldest first, once everything due was settled:
 * `sent`, or `dropped` when there was nothing to send (no such account).
 * @example expect(await mailStatuses(t, 'nobody@example.com')).toEqual(['dropped'])
 */
export async function mailStatuses(t: ExpenseTestApp, to: string): Promise<string[]> {
  await t.nf.mailer.deliverDue();
  const rows = await t.db.all<{ status: string }>(
    t.db.qb.selectFrom('nf_mail').select('status').where('to', '=', to).orderBy('id'),
  );
  return rows.map((r) => r.status);
}
