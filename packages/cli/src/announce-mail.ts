/**
 * The development outbox in the terminal: each mail as one line, who and what, and its link on
 * the next, so a developer follows an invitation or a reset without any mail server.
 */
import type { CommandIO } from './command';

/** What the terminal needs of a mail kept in the development outbox. */
export interface AnnouncedMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The link it carries, when the outbox tells it apart from the text. */
  readonly link?: string | null;
}

/**
 * @example announceMail({ to: 'sam@acme.test', subject: 'You are invited to Expenses', text: '… http://localhost:3000/accept-invite?token=… …' }, io)
 * // ✉ to sam@acme.test: You are invited to Expenses
 * //   http://localhost:3000/accept-invite?token=…
 */
export function announceMail(mail: AnnouncedMail, io: Pick<CommandIO, 'out'>): void {
  io.out(`✉ to ${mail.to}: ${mail.subject}`);
  const link = mail.link ?? /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (link) io.out(`  ${link}`);
}
