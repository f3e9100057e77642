/**
 * The mail worker: sends what writes queued (nf_mail), after they committed. It looks at the
 * queue every `pollMs` and when woken (`kick`); takes each due mail with a lease, so several
 * processes on one database never send a mail twice; has the link issued (LinkResolver),
 * renders the message and sends it; and retries a failure with backoff until it gives up.
 */
import { type App, type MailEntry, renderMessage } from '@ninefold/spec';
import type { Database } from '../db/database';
import { firstLine } from '../workers/first-line';
import { WakeLoop } from '../workers/wake-loop';
import { DevOutbox, type OutboxMail } from './dev-outbox';
import type { LinkResolver } from './link-resolver';
import type { MailOptions } from './mail-options';
import { claimMail, dueMail, loadMail, recentMail, settleMail } from './mail-queue';
import { type MailTransport, smtpTransport } from './mail-transport';

/**
 * Tries before a mail is `failed`.
 * @example expect(row.attempts).toBe(MAIL_ATTEMPTS)
 */
export const MAIL_ATTEMPTS = 5;
const BACKOFF_MS = 5_000;
/** How long a process holds a mail it sends: well past the transport's own timeouts. */
const LEASE_MS = 120_000;
const BATCH = 20;
const DEFAULT_APP_URL = 'http://localhost:3000';

/**
 * What a Mailer runs on besides its options.
 * @example new Mailer({ app, db, now: core.now, resolve: accountLinks(app) } satisfies MailerSetup, options)
 */
export interface MailerSetup {
  readonly app: App;
  readonly db: Database;
  /** Issues the links of queued mail (`accountLinks(app)`); default: params as queued. */
  readonly resolve?: LinkResolver;
  /** The app's clock, the one queued mail was stamped with. */
  readonly now?: () => Date;
  /** Where a failure that is not a mail's own is told (a broken database, say). */
  readonly log?: (message: string) => void;
  /** Another transport than SMTP or the outbox (tests). */
  readonly transport?: MailTransport;
}

// A mail's error as the queue and the admin console show it: one line, never a stack.
function shortError(error: unknown): string {
  return firstLine(error) || 'the mail could not be sent';
}

/**
 * @example
 * const mailer = new Mailer({ app, db, resolve: accountLinks(app) }, { smtpUrl: process.env.SMTP_URL });
 * mailer.start();
 * // … on shutdown:
 * await mailer.close();
 */
export class Mailer {
  readonly #setup: MailerSetup;
  readonly #options: MailOptions;
  readonly #transport: MailTransport;
  readonly #outbox: DevOutbox | undefined;
  readonly #now: () => Date;
  readonly #loop: WakeLoop;

  constructor(setup: MailerSetup, options: MailOptions = {}) {
    this.#setup = setup;
    this.#options = options;
    this.#now = setup.now ?? (() => new Date());
    if (setup.transport) this.#transport = setup.transport;
    else if (options.smtpUrl) this.#transport = smtpTransport(options.smtpUrl);
    else this.#transport = this.#outbox = new DevOutbox(options.onOutbox, this.#now);
    this.#loop = new WakeLoop(
      () => this.#pass(),
      (e) => setup.log?.(`mail: ${shortError(e)}`),
    );
  }

  /** The development outbox's mail, oldest first (empty when mail goes out by SMTP). */
  get outbox(): readonly OutboxMail[] {
    return this.#outbox?.mails ?? [];
  }

  /** Whether mail stays in the development outbox. */
  get usesOutbox(): boolean {
    return this.#outbox !== undefined;
  }

  /** Where links point now (no trailing slash). */
  appUrl(): string {
    const given = this.#options.appUrl;
    const url = (typeof given === 'function' ? given() : given) || DEFAULT_APP_URL;
    return url.replace(/\/+$/, '');
  }

  /** The sender: the `from` option, or the app's name at no-reply on the app's host. */
  from(): string {
    if (this.#options.from) return this.#options.from;
    const name = this.#setup.app.about.name.replace(/["\\\r\n]/g, '');
    return `"${name}" <no-reply@${new URL(this.appUrl()).hostname}>`;
  }

  /** Looks at the queue every `pollMs` until closed. */
  start(): void {
    this.#loop.start(this.#options.pollMs ?? 1000);
  }

  /** Sends what is due soon, without waiting: after a write that queued mail has committed. */
  kick(): void {
    this.#loop.kick();
  }

  /**
   * Sends every mail due now (after any pass already running); resolves with how many it
   * settled, once they are settled.
   * @example await nf.mailer.deliverDue(); expect(mailbox.messages).toHaveLength(1);
   */
  deliverDue(): Promise<number> {
    return this.#loop.run();
  }

  /**
   * The latest mail, newest first; in development with their bodies from the outbox (unless
   * `outboxBodies: false`).
   * @example (await nf.mailer.recent(10))[0]?.status // 'sent'
   */
  async recent(limit = 50): Promise<MailEntry[]> {
    const entries = await recentMail(this.#setup.db, limit);
    if (!this.#outbox || this.#options.outboxBodies === false) return entries;
    return entries.map((e) => {
      const kept = this.#outbox?.find(e.id);
      return kept ? { ...e, text: kept.text, html: kept.html } : e;
    });
  }

  /** Stops looking at the queue and waits for a send in flight. */
  async close(): Promise<void> {
    await this.#loop.close();
    this.#transport.close();
  }

  async #pass(): Promise<number> {
    let settled = 0;
    for (;;) {
      const now = this.#now();
      const ids = await dueMail(this.#setup.db, now.toISOString(), BATCH);
      for (const id of ids) {
        if (this.#loop.closed) return settled;
        if (await this.#deliver(id)) settled += 1;
      }
      if (ids.length < BATCH) return settled;
    }
  }

  // One mail: taken with a lease, its link issued, rendered, sent, settled. False when another
  // process had it.
  async #deliver(id: string): Promise<boolean> {
    const { db, app } = this.#setup;
    const now = this.#now();
    const lease = new Date(now.getTime() + LEASE_MS).toISOString();
    if (!(await claimMail(db, id, now.toISOString(), lease))) return false;
    let attempts = 0;
    try {
      // The link's token is stored as it is issued, in a transaction of its own: sending holds
      // no transaction open (SQLite's single writer would wait on the SMTP server).
      const taken = await db.transaction(async (tx) => {
        const mail = await loadMail(tx, id);
        if (!mail) return null;
        attempts = mail.attempts;
        const to = this.#setup.resolve
          ? await this.#setup.resolve(tx, mail, { now, appUrl: this.appUrl() })
          : { to: mail.to, params: mail.params };
        if (!to) await settleMail(tx, id, lease, { status: 'dropped' });
        return to && { mail, ...to };
      });
      if (!taken) return true;
      const node = Object.hasOwn(app.messages, taken.mail.message)
        ? app.messages[taken.mail.message]
        : undefined;
      if (!node) throw new Error(`'${taken.mail.message}' is not a message of the app`);
      const rendered = renderMessage(node, { app: app.about.name, ...taken.params });
      await this.#transport.send({ id, message: node.name, from: this.from(), to: taken.to, ...rendered });
      await settleMail(db, id, lease, {
        status: 'sent',
        attempts: attempts + 1,
        subject: rendered.subject,
        sentAt: this.#now().toISOString(),
        error: null,
      });
    } catch (error) {
      await this.#failed(id, lease, attempts, error);
    }
    return true;
  }

  async #failed(id: string, lease: string, before: number, error: unknown): Promise<void> {
    const attempts = before + 1;
    const message = shortError(error);
    if (attempts >= MAIL_ATTEMPTS) {
      await settleMail(this.#setup.db, id, lease, { status: 'failed', attempts, error: message });
      this.#setup.log?.(`mail ${id} failed after ${attempts} attempts: ${message}`);
      return;
    }
    const next = new Date(this.#now().getTime() + BACKOFF_MS * 2 ** (attempts - 1)).toISOString();
    await settleMail(this.#setup.db, id, lease, {
      status: 'queued',
      attempts,
      nextAttemptAt: next,
      error: message,
    });
  }
}
