/**
 * Where rendered mail goes: an SMTP server (nodemailer, which speaks SMTP, STARTTLS, auth and
 * pooling better than anything written here would), or the development outbox.
 */
import { createTransport } from 'nodemailer';

/**
 * One rendered mail, ready to leave.
 * @example await transport.send({ id, message: 'welcome', from, to: 'ann@example.com', ...renderMessage(node, params) })
 */
export interface OutgoingMail {
  /** The queued mail's id (nf_mail), to match the outbox with the queue. */
  readonly id: string;
  readonly message: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/**
 * Sends mail. `send` resolves once the mail has left (the server took it) and rejects with
 * the reason it could not.
 * @example const transport: MailTransport = smtpTransport('smtp://mail.example.com:587');
 */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// Each below the Mailer's lease on a mail, so no other process takes over a mail still sending.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * A transport to the SMTP server at `url` (`smtp://user:pass@host:587`, `smtps://…:465`).
 * @example const t = smtpTransport(process.env.SMTP_URL!); await t.send(mail);
 */
export function smtpTransport(url: string): MailTransport {
  const transport = createTransport({ url, ...TIMEOUTS });
  return {
    send: async (mail) => {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transport.close(),
  };
}
