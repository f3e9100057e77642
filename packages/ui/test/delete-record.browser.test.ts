/**
 * Deleting from a record's page, as the helpdesk's spec allows only admins: the agent and the
 * customer get no Delete button on the same ticket; the admin is asked first (Cancel keeps
 * the ticket and gives focus back), then the ticket is deleted for everyone and the admin
 * lands on the list. axe-core runs on the page and the open dialog.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  checkA11y,
  DEMO,
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

const SUBJECT = 'Duplicate of the VPN ticket, please remove';

describe.skipIf(!HAS_CHROMIUM)('only an admin deletes a ticket, from its page', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let admin: OpenedPage;
  let agent: OpenedPage;
  let customer: OpenedPage;
  let id = '';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    const api = await apiAs(hd.base, DEMO.alice.email);
    const t = await api.create('tickets', {
      subject: SUBJECT,
      description: 'Filed twice by mistake.',
      priority: 'low',
      category: 'other',
    });
    id = String(t.id);
    browser = await launchChromium();
    [admin, agent, customer] = await Promise.all([openPage(browser), openPage(browser), openPage(browser)]);
    await signIn(admin.page, hd.base, DEMO.admin.email, `/tickets/${id}`);
    await signIn(agent.page, hd.base, DEMO.agent.email, `/tickets/${id}`);
    await signIn(customer.page, hd.base, DEMO.alice.email, `/tickets/${id}`);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  const heading = (page: Page) => page.getByRole('heading', { level: 1, name: SUBJECT });
  const deleteButton = (page: Page) => page.getByRole('button', { name: 'Delete', exact: true });

  it('offers Delete to neither the agent nor the customer', async () => {
    for (const { page } of [agent, customer]) {
      // The heading and the actions come in one render, with the record and its `$can`.
      await heading(page).waitFor();
      await checkA11y(page);
      expect(await deleteButton(page).count()).toBe(0);
    }
  });

  it('asks the admin first; Cancel keeps the ticket and returns focus', async () => {
    const page = admin.page;
    await heading(page).waitFor();
    await deleteButton(page).click();
    const dialog = page.getByRole('dialog', { name: `Delete “${SUBJECT}”?` });
    await dialog.waitFor();
    await checkA11y(page);
    await shot(page, '70-delete-ticket-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
    const still = await apiAs(hd.base, DEMO.admin.email);
    expect((await still.get('tickets', id)).subject).toBe(SUBJECT);
  });

  it('deletes it for everyone and takes the admin to the list', async () => {
    const page = admin.page;
    await deleteButton(page).click();
    const dialog = page.getByRole('dialog', { name: `Delete “${SUBJECT}”?` });
    await dialog.getByRole('button', { name: 'Delete ticket' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Ticket deleted.')
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await page.getByRole('table', { name: 'Tickets' }).waitFor();
    await checkA11y(page);
    await expect.poll(() => page.getByRole('row').filter({ hasText: SUBJECT }).count()).toBe(0);
    // The customer, who had it open, sees it gone without a reload.
    await customer.page.getByText(/No such ticket/).waitFor();
    const api = await apiAs(hd.base, DEMO.admin.email);
    await expect(api.get('tickets', id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('threw no errors in the pages', () => {
    expect([...admin.errors, ...agent.errors, ...customer.errors]).toEqual([]);
  });
});
