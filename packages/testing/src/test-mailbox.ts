/**
 * `testMailbox()`: a real SMTP server in the test's process (smtp-server on a loopback port),
 * each message it takes parsed (mailparser), so a test reads the mail an app sends and
 * follows its links, as the person it is for would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A message the mailbox received.
 * @example const mail: ReceivedMail = await mailbox.next('ann@example.com'); mail.subject // 'Reset your Helpdesk password'
 */
export interface ReceivedMail {
  /** The envelope's recipients, lower-cased. */
  readonly to: readonly string[];
  /** The sender as the header says it (`"Helpdesk" <no-reply@app.test>`). */
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  /** The HTML part; empty when there was none. */
  readonly html: string;
}

/**
 * How long `next` waits for a message.
 * @example await mailbox.next('ann@example.com', { timeoutMs: 2_000 })
 */
export interface NextMailOptions {
  /** Default 10 000. */
  readonly timeoutMs?: number;
}

/**
 * A mailbox a test holds: give `url` to the app as its SMTP server.
 * @example
 * await using mailbox = await testMailbox();
 * await using t = await createTestApp(app, { mail: mailbox });
 * // … something that sends mail to ann@example.com …
 * const mail = await mailbox.next('ann@example.com');
 * const link = mailbox.linkIn(mail, '/reset-password'); // 'http://app.test/reset-password?token=…'
 */
export interface TestMailbox extends AsyncDisposable {
  /** `smtp://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every message received, oldest first. */
  readonly messages: readonly ReceivedMail[];
  /**
   * The next message to `to` that no earlier `next` took, received already or to come;
   * rejects after `timeoutMs` saying what did arrive.
   * @example const mail = await mailbox.next('ann@example.com');
   */
  next(to: string, options?: NextMailOptions): Promise<ReceivedMail>;
  /**
   * The URL in a message's text whose path is `route`; throws, with the text, when there is none.
   * @example new URL(mailbox.linkIn(mail, '/verify-email')).searchParams.get('token')
   */
  linkIn(mail: ReceivedMail, route: string): string;
  close(): Promise<void>;
}

interface Waiter {
  readonly to: string;
  readonly resolve: (mail: ReceivedMail) => void;
}

function addressText(value: unknown): string {
  if (!value) return '';
  return [value]
    .flat()
    .map((a) => (a as { text?: string }).text ?? '')
    .join(', ');
}

/**
 * Starts a mailbox on 127.0.0.1 (a free port): no TLS, any login or none.
 * @example const mailbox = await testMailbox(); // mailbox.url: 'smtp://127.0.0.1:40123'
 */
export async function testMailbox(): Promise<TestMailbox> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Waiter[] = [];

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    const i = waiters.findIndex((w) => mail.to.includes(w.to));
    if (i < 0) return;
    const [waiter] = waiters.splice(i, 1);
    taken.add(mail);
    waiter!.resolve(mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData: (stream, session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          deliver({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: addressText(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that disconnects mid-message must not take the test down.
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= new Promise<void>((resolve) => server.close(() => resolve()));
    return closed;
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next: (address, { timeoutMs = 10_000 } = {}) => {
      const to = address.toLowerCase();
      const waiting = messages.find((m) => !taken.has(m) && m.to.includes(to));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          const seen = messages.map((m) => `${m.to.join(', ')}: ${m.subject}`);
          reject(
            new Error(
              `no mail to ${to} within ${timeoutMs} ms (received: ${seen.length ? seen.join('; ') : 'none'})`,
            ),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    linkIn: (mail, route) => {
      for (const [url] of mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
        const clean = url.replace(/[.,;:!?]+$/, '');
        if (new URL(clean).pathname === route) return clean;
      }
      throw new Error(`no link to ${route} in the mail "${mail.subject}":\n${mail.text}`);
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
