/**
 * The development outbox: with no SMTP server configured, mail is kept in memory (the last
 * 100) for the admin console and announced to whoever listens (the CLI prints it), never sent.
 */
import type { MailTransport, OutgoingMail } from './mail-transport';

/**
 * A mail as the development outbox keeps it.
 * @example createNinefold(app, { database, mail: { onOutbox: (m: OutboxMail) => console.log(m.to, m.subject) } })
 */
export interface OutboxMail extends OutgoingMail {
  /** When it was put in the outbox (ISO 8601). */
  readonly at: string;
}

/**
 * How many mails the outbox keeps: enough to follow a session's flows, bounded in memory.
 * @example nf.mailer.outbox.length <= OUTBOX_SIZE // true
 */
export const OUTBOX_SIZE = 100;

/**
 * @example
 * const outbox = new DevOutbox((m) => console.log(`mail to ${m.to}: ${m.subject}\n${m.text}`));
 */
export class DevOutbox implements MailTransport {
  readonly #mails: OutboxMail[] = [];

  constructor(
    private readonly onOutbox?: (mail: OutboxMail) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The mail kept, oldest first. */
  get mails(): readonly OutboxMail[] {
    return this.#mails;
  }

  /** The kept mail of a queued mail's id. */
  find(id: string): OutboxMail | undefined {
    return this.#mails.find((m) => m.id === id);
  }

  async send(mail: OutgoingMail): Promise<void> {
    const kept = { ...mail, at: this.now().toISOString() };
    this.#mails.push(kept);
    if (this.#mails.length > OUTBOX_SIZE) this.#mails.splice(0, this.#mails.length - OUTBOX_SIZE);
    this.onOutbox?.(kept);
  }

  close(): void {}
}
