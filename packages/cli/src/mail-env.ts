/**
 * What a server's mail needs from the environment, checked before anything is loaded: a
 * production start sends real mail (`SMTP_URL`) to links on the app's public address
 * (`APP_URL`), never on whatever Host header a request came with. Demo and `dev` fall back to
 * the development outbox, announced in the terminal, and to the URL the server prints.
 */
import { CliError } from './command';

type Env = Readonly<Record<string, string | undefined>>;

/** How mail goes out, as decided from the environment. */
export interface MailEnv {
  /** True: the development outbox (no SMTP_URL); mail is printed, never sent. */
  readonly outbox: boolean;
  /** APP_URL without its trailing slash; undefined: the URL the server prints. */
  readonly appUrl: string | undefined;
  /**
   * Whether the admin console and `/api/mail` show the outbox's bodies: in demo and dev
   * only. A production server on the outbox (MAIL_OUTBOX=1) shows none, as their live links
   * would let any admin take over any account; the terminal still prints them.
   */
  readonly bodies: boolean;
  /** Said in the terminal at start: a production server kept its mail in the outbox. */
  readonly warning?: string;
}

const SETTINGS =
  'set SMTP_URL (e.g. smtps://user:password@smtp.example.com:465), MAIL_FROM (e.g. "Acme <no-reply@acme.example>") and APP_URL (the address people open, e.g. https://acme.example)';

/**
 * Refuses a production start that could not send its account mail, or whose links would
 * take their address from a request: throws a CliError that names what to set.
 * @example mailEnv({}, { demo: true }) // { outbox: true, appUrl: undefined, bodies: true }
 * @example mailEnv({ SMTP_URL: 'smtp://mail:25', APP_URL: 'https://acme.example/' }, { demo: false }) // { outbox: false, appUrl: 'https://acme.example', bodies: true }
 * @example mailEnv({}, { demo: false }) // throws: invitations and password resets need mail…
 */
export function mailEnv(env: Env, options: { readonly demo: boolean }): MailEnv {
  const smtp = env.SMTP_URL?.trim() || undefined;
  const outboxAsked = env.MAIL_OUTBOX?.trim() === '1';
  const appUrl = readAppUrl(env.APP_URL);
  if (smtp) checkSmtpUrl(smtp);
  if (options.demo) return { outbox: !smtp, appUrl, bodies: true };
  if (!smtp && !outboxAsked)
    throw new CliError(
      `no SMTP_URL: invitations, password resets and email verification send mail, and a production start has no way to send it. ${SETTINGS}. To keep mail in the development outbox anyway (printed here, never sent), set MAIL_OUTBOX=1.`,
    );
  if (!appUrl)
    throw new CliError(
      'no APP_URL: the links in account mail must point at the address people open (e.g. APP_URL=https://acme.example), never at the Host header of whatever request asked for the mail.',
    );
  if (smtp) return { outbox: false, appUrl, bodies: true };
  return {
    outbox: true,
    appUrl,
    bodies: false,
    warning:
      '⚠ MAIL_OUTBOX=1: no mail leaves this server; each one is printed here and shown in the admin console. Set SMTP_URL to send it.',
  };
}

function readAppUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`APP_URL must be an absolute URL such as https://acme.example, not '${value}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`APP_URL must be an http:// or https:// URL, not '${value}'`);
  if (url.search || url.hash) throw new CliError(`APP_URL must have no query or fragment: '${value}'`);
  return url.href.replace(/\/+$/, '');
}

// Read here, before anything starts: a URL the SMTP transport could not read would otherwise
// fail only once the server announced it was running.
function checkSmtpUrl(smtp: string): void {
  if (!/^smtps?:\/\//.test(smtp))
    throw new CliError(`SMTP_URL must start with smtp:// or smtps://, not '${redact(smtp)}'`);
  let url: URL;
  try {
    url = new URL(smtp);
  } catch {
    throw new CliError(
      `SMTP_URL is no URL the mail transport can read ('${redact(smtp)}'): e.g. smtps://user:password@smtp.example.com:465, with any special character of the password percent-encoded`,
    );
  }
  if (!url.hostname) throw new CliError(`SMTP_URL names no host: '${redact(smtp)}'`);
}

/** The URL without its password (everything of the user part after a colon), fit for a message. */
function redact(url: string): string {
  const m = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)?(.*)@([^@]*)$/is.exec(url);
  if (!m) return url;
  const [, scheme = '', userinfo = '', rest = ''] = m;
  const user = userinfo.split(':')[0];
  return `${scheme}${user}${userinfo.includes(':') ? ':***' : ''}@${rest}`;
}
