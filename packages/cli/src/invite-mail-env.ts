/**
 * How `ninefold invite` sends its mail: through SMTP_URL to a link on APP_URL, as a production
 * server would (both required then); without SMTP_URL it prints the mail, its link on APP_URL
 * or, by default, on the address `ninefold start` listens on here (PORT, HOST).
 */
import { hostForUrl, listenOptions } from './listen-options';
import { mailEnv } from './mail-env';

type Env = Readonly<Record<string, string | undefined>>;

export interface InviteMailEnv {
  /** True: no SMTP_URL; the mail is printed, never sent. */
  readonly outbox: boolean;
  readonly appUrl: string;
}

/**
 * @example inviteMailEnv({}) // { outbox: true, appUrl: 'http://127.0.0.1:3000' }
 * @example inviteMailEnv({ SMTP_URL: 'smtp://mail:25' }) // throws: no APP_URL…
 */
export function inviteMailEnv(env: Env): InviteMailEnv {
  if (env.SMTP_URL?.trim()) {
    const sent = mailEnv(env, { demo: false });
    return { outbox: false, appUrl: sent.appUrl! };
  }
  const printed = mailEnv(env, { demo: true });
  const { port, host } = listenOptions(undefined, env);
  return { outbox: true, appUrl: printed.appUrl ?? `http://${hostForUrl(host)}:${port}` };
}
