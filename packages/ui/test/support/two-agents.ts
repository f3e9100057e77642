/**
 * Two agents in two browser sessions on the helpdesk's tickets, for the tests of what a
 * dialog does when the record changes underneath it (issue #12 point 6): the server, the
 * browser, both tabs signed in, a customer and an agent and an admin through the API, and
 * the steps those tests share.
 */
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiAs, type HelpdeskClient } from './api-client';
import { type OpenedPage, openPage, signIn } from './browser-pages';
import { launchChromium } from './chromium';
import { DEMO, type HelpdeskServer, startHelpdesk } from './helpdesk-server';

export interface TwoAgents {
  hd: HelpdeskServer;
  browser: Browser;
  /** The first agent's tab. */
  one: OpenedPage;
  /** The second agent's tab: the one whose dialogs the tests watch. */
  two: OpenedPage;
  /** The customer who files the tickets (also signed in to the browser on demand: `cleoPage`). */
  customer: HelpdeskClient;
  cleo: { readonly email: string; readonly name: string; readonly role: 'customer' };
  /** An agent through the API: "someone else". */
  agent: HelpdeskClient;
  admin: HelpdeskClient;
}

/**
 * Starts it all before the tests of the calling `describe` and stops it after them.
 * @example const s = twoAgents(); it('…', async () => { const t = await ticket(s, 'Printer jams'); });
 */
export function twoAgents(): TwoAgents {
  const s = {} as TwoAgents;
  s.cleo = { email: `cleo-${Date.now()}@test.example`, name: 'Cleo Customer', role: 'customer' };
  beforeAll(async () => {
    s.hd = await startHelpdesk({ seed: true, users: [s.cleo] });
    s.customer = await apiAs(s.hd.base, s.cleo.email);
    s.agent = await apiAs(s.hd.base, DEMO.agent.email);
    s.admin = await apiAs(s.hd.base, DEMO.admin.email);
    s.browser = await launchChromium();
    [s.one, s.two] = await Promise.all([openPage(s.browser), openPage(s.browser)]);
    await signIn(s.one.page, s.hd.base, DEMO.agent.email);
    await signIn(s.two.page, s.hd.base, DEMO.agent2.email);
  }, 240_000);
  afterAll(async () => {
    await s.browser?.close();
    await s.hd?.close();
  });
  return s;
}

/**
 * A new ticket of the customer's, at high priority.
 * @example const t = await ticket(s, 'Dock does not charge');
 */
export const ticket = (s: TwoAgents, subject: string) =>
  s.customer.create('tickets', { subject, description: 'Details follow.', priority: 'high' });

/**
 * Opens a ticket's page and waits for its heading.
 * @example await openTicket(s, s.two.page, t.id, SUBJECT);
 */
export async function openTicket(s: TwoAgents, page: Page, id: string, subject: string): Promise<void> {
  await page.goto(`${s.hd.base}/tickets/${id}`);
  await page.getByRole('heading', { level: 1, name: subject }).waitFor();
}

/**
 * Opens the edit dialog of the ticket on the page.
 * @example const edit = await openEdit(s.two.page);
 */
export async function openEdit(page: Page, name = 'Priority') {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit ticket' });
  await dialog.getByLabel(name).waitFor();
  return dialog;
}

/**
 * Tab 1 sets the priority to Urgent through its own edit dialog, and waits for the save.
 * @example await setUrgentInTabOne(s);
 */
export async function setUrgentInTabOne(s: TwoAgents): Promise<void> {
  const dialog = await openEdit(s.one.page);
  await dialog.getByLabel('Priority').selectOption('urgent');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The next request of `method` to the ticket's path (a PATCH by default).
 * @example const sent = requestTo(page, t.id); … expect((await sent).headers()['if-match']).toBe('"2"');
 */
export const requestTo = (page: Page, id: string, method = 'PATCH', tail = '') =>
  page.waitForRequest((r: Request) => r.method() === method && r.url().endsWith(`/tickets/${id}${tail}`));

/**
 * Holds the page's requests of `method` to a URL until released (the server has not seen
 * them yet): a race, made to happen. Then they, and later ones, go on to the server.
 * @example const release = await hold(page, `**\/tickets/${id}`, 'GET'); …; release();
 */
export async function hold(page: Page, url: string, method: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    if (route.request().method() === method) await released;
    await route.fallback();
  });
  return release;
}

/**
 * What `document.activeElement` is, as "TAG#id name": polled after a dialog closes.
 * @example await expect.poll(() => focused(page)).toContain('BUTTON');
 */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName}#${el.id} ${el.textContent ?? ''}`.trim() : '';
  });
