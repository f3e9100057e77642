/**
 * How a server sends its mail: the SMTP server, the sender, and the address the links in
 * mail point at. Without an SMTP server, mail goes to the development outbox.
 */
import type { OutboxMail } from './dev-outbox';

/**
 * @example createNinefold(app, { database, mail: { smtpUrl: 'smtp://mail:25', from: 'Acme <no-reply@acme.example>', appUrl: 'https://acme.example' } })
 */
export interface MailOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; without it, the development outbox. */
  readonly smtpUrl?: string;
  /** The sender; default `"<app name>" <no-reply@<host of appUrl>>`. */
  readonly from?: string;
  /**
   * Where the app's UI is, for the links in mail (`${appUrl}/reset-password?token=…`);
   * default `http://localhost:3000`. A function is read each time a mail is sent.
   */
  readonly appUrl?: string | (() => string);
  /** Told of each mail the development outbox takes (the CLI prints it). */
  readonly onOutbox?: (mail: OutboxMail) => void;
  /**
   * Whether `/api/mail` (the admin console) shows the development outbox's bodies (true).
   * False for a production server kept on the outbox: the bodies carry live links, so any
   * admin could take over any account; `onOutbox` still gets each mail whole.
   */
  readonly outboxBodies?: boolean;
  /** How often the queue is looked at, in ms (1000); writes that queue mail also wake it. */
  readonly pollMs?: number;
}

/**
 * Mail options from the environment: `SMTP_URL`, `MAIL_FROM`, `APP_URL` (empty ones unset).
 * @example createNinefold(app, { database, mail: mailOptionsFromEnv(process.env) })
 */
export function mailOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): MailOptions {
  const read = (name: string) => env[name]?.trim() || undefined;
  const smtpUrl = read('SMTP_URL');
  const from = read('MAIL_FROM');
  const appUrl = read('APP_URL');
  return {
    ...(smtpUrl ? { smtpUrl } : {}),
    ...(from ? { from } : {}),
    ...(appUrl ? { appUrl } : {}),
  };
}
