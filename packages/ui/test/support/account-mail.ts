/**
 * What the account flows' browser tests share: a helpdesk whose mail goes to a real SMTP
 * server in the test (testMailbox), one Chromium, pages closed together (their errors checked
 * at the end), and a mail's link opened in a page, as the person it was sent to would.
 * @example
 * const t = accountsTest(); beforeAll(t.start, 240_000); afterAll(t.stop);
 * const { page } = await t.open(); await openMailedLink(t, page, 'bob@example.com', '/reset-password');
 */
import { type TestMailbox, testMailbox } from '@ninefold/testing';
import type { Browser, Page } from 'playwright-core';
import { type OpenedPage, openPage } from './browser-pages';
import { launchChromium } from './chromium';
import { type HelpdeskServer, type StartOptions, startHelpdesk } from './helpdesk-server';

export interface AccountsTest {
  readonly hd: HelpdeskServer;
  readonly mailbox: TestMailbox;
  readonly browser: Browser;
  readonly opened: readonly OpenedPage[];
  open(): Promise<OpenedPage>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The helpdesk (demo data) with its mail going to a mailbox of the test's, and a browser.
 * @example const t = accountsTest({ roles: { customer: { verifyEmail: true } } });
 */
export function accountsTest(options: Omit<StartOptions, 'mail'> = {}): AccountsTest {
  let hd: HelpdeskServer | undefined;
  let mailbox: TestMailbox | undefined;
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('accountsTest: start() has not run');
    return v;
  };
  return {
    get hd() {
      return started(hd);
    },
    get mailbox() {
      return started(mailbox);
    },
    get browser() {
      return started(browser);
    },
    opened,
    async open() {
      const o = await openPage(started(browser));
      opened.push(o);
      return o;
    },
    async start() {
      mailbox = await testMailbox();
      hd = await startHelpdesk({ seed: true, ...options, mail: mailbox });
      browser = await launchChromium();
    },
    async stop() {
      for (const o of opened) await o.context.close().catch(() => {});
      await browser?.close();
      await hd?.close();
      await mailbox?.close();
    },
  };
}

/**
 * Waits for the next mail to `to`, finds its link to `route`, and opens it in the page.
 * Answers the link.
 * @example const link = await openMailedLink(t, page, 'nia@example.com', '/accept-invite');
 */
export async function openMailedLink(
  t: Pick<AccountsTest, 'mailbox'>,
  page: Page,
  to: string,
  route: string,
): Promise<string> {
  const mail = await t.mailbox.next(to, { timeoutMs: 15_000 });
  const link = t.mailbox.linkIn(mail, route);
  await page.goto(link);
  return link;
}

/**
 * Signs in through the form with a given password (the helpers' `signIn` uses the demo's).
 * @example await signInWith(page, base, 'bob@example.com', 'a new long password');
 */
export async function signInWith(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByRole('heading', { level: 1 }).waitFor();
}
