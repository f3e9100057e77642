/**
 * (Must-show 4) A customer's reply puts a ticket waiting on them back in the agent's hands,
 * and the agent hears of it at once. Two browser contexts on one helpdesk: the agent (the
 * ticket's assignee) puts the ticket into pending with the page's button; the customer, in
 * their own browser, replies in the conversation; the ticket is open again on both pages,
 * and the agent's bell counts the notification and announces it — all without a reload.
 * Opening the notification opens the ticket and marks it read.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  checkA11y,
  HAS_CHROMIUM,
  type HelpdeskServer,
  launchChromium,
  noticeIfNoChromium,
  type OpenedPage,
  openPage,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

const SUBJECT = 'Invoices arrive twice every month';

describe.skipIf(!HAS_CHROMIUM)('a customer replies, the agent hears of it live', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let agent: OpenedPage;
  let customer: OpenedPage;
  const fay = { email: `fay-${Date.now()}@test.example`, name: 'Fay Customer', role: 'customer' } as const;
  // A new agent: the demo's own has notifications from the demo data already.
  const gus = { email: `gus-${Date.now()}@test.example`, name: 'Gus Agent', role: 'agent' } as const;
  let id = '';
  let path = '';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true, users: [fay, gus] });
    const ticket = await (await apiAs(hd.base, fay.email)).create('tickets', {
      subject: SUBJECT,
      description: 'Two identical invoices, two charges.',
      priority: 'high',
      category: 'billing',
    });
    id = ticket.id;
    path = `/tickets/${id}`;
    const desk = await apiAs(hd.base, gus.email);
    const me = await desk.auth.me();
    await desk.transition('tickets', id, 'triage', { assignee: String(me?.id) });
    browser = await launchChromium();
    agent = await openPage(browser);
    customer = await openPage(browser);
    await signIn(agent.page, hd.base, gus.email, path);
    await signIn(customer.page, hd.base, fay.email, path);
    // Set once: still there at the end only if the page was never reloaded.
    await agent.page.evaluate(() => {
      (window as unknown as { unreloaded: boolean }).unreloaded = true;
    });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  const state = (page: Page) => page.locator('.page-header .badge').first();
  const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

  it('lets the agent wait for the customer, and the customer sees it', async () => {
    const page = agent.page;
    await page.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await expect.poll(() => state(page).textContent()).toBe('Open');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
    await page.getByRole('button', { name: 'Wait for customer' }).click();
    await expect.poll(() => state(page).textContent()).toBe('Pending');
    await customer.page.locator('.page-header .badge', { hasText: 'Pending' }).waitFor();
  });

  it("reopens the ticket with the customer's reply, on both pages", async () => {
    const page = customer.page;
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    await page
      .getByRole('textbox', { name: 'Comment' })
      .fill('Here are both invoice numbers: 1041 and 1042.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('region', { name: 'Conversation' }).getByText('1041 and 1042').waitFor();
    await expect.poll(() => state(page).textContent()).toBe('Open');
    // The agent's page followed by itself.
    await expect.poll(() => state(agent.page).textContent()).toBe('Open');
  });

  it("counts and announces the notification on the agent's bell, live", async () => {
    const page = agent.page;
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(await page.locator('.notification-count').textContent()).toBe('1');
    await page
      .locator('[aria-live="polite"]', { hasText: `New notification: The customer replied on "${SUBJECT}"` })
      .waitFor({ state: 'attached' });
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
  });

  it('opens the ticket from the notification, and marks it read', async () => {
    const page = agent.page;
    // Away from the ticket first (in the app: no reload), so opening it is seen to work.
    await page.getByRole('link', { name: 'Tickets', exact: true }).click();
    await page.waitForURL(`${hd.base}/tickets`);
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', {
      name: new RegExp(`^Unread: The customer replied on "${SUBJECT}"`),
    });
    await item.waitFor();
    expect(await bell(page).getAttribute('aria-expanded')).toBe('true');
    await checkA11y(page);
    await shot(page, '40-notification-centre-agent');
    await item.click();
    await page.waitForURL(`${hd.base}${path}`);
    await page.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await page.locator('.notification-count').count()).toBe(0);
    const desk = await apiAs(hd.base, gus.email);
    const { items, unread } = await desk.notifications.list();
    expect(unread).toBe(0);
    expect(items[0]).toMatchObject({ link: { entity: 'tickets', id }, readAt: expect.any(String) });
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
  });

  it('closes the panel with Escape, focus back on the bell', async () => {
    const page = agent.page;
    await bell(page).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Notifications');
  });

  it('threw no errors in either page', () => {
    expect([...agent.errors, ...customer.errors]).toEqual([]);
  });
});
