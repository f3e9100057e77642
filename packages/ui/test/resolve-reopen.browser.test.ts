/**
 * (c) Two people on one ticket, in two browser contexts: an agent triages and resolves it
 * with the page's buttons (the resolution asked for in a dialog); the customer, with the
 * same ticket open, sees it resolved without reloading, rates it (the one field the
 * server then offers them) and reopens it; the agent sees that,
 * live too. A ticket resolved longer ago than the reopen window has closed by itself.
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
  pickRef,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

describe.skipIf(!HAS_CHROMIUM)('an agent resolves, the customer reopens', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let agent: OpenedPage;
  let customer: OpenedPage;
  const erin = { email: `erin-${Date.now()}@test.example`, name: 'Erin Customer', role: 'customer' } as const;
  let path = '';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true, users: [erin] });
    const api = await apiAs(hd.base, erin.email);
    const t = await api.create('tickets', {
      subject: 'Cannot log in after the password reset',
      description: 'The new password is refused.',
      priority: 'urgent',
      category: 'account',
    });
    path = `/tickets/${t.id}`;
    browser = await launchChromium();
    agent = await openPage(browser);
    customer = await openPage(browser, { colorScheme: 'dark' });
    await signIn(agent.page, hd.base, DEMO.agent.email, path);
    await signIn(customer.page, hd.base, erin.email, path);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  const toast = (page: Page, text: string) =>
    page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const state = (page: Page) => page.locator('.page-header .badge').first();

  it('lets the agent triage with a button, straight from the ticket page', async () => {
    const page = agent.page;
    await page.getByRole('heading', { level: 1, name: 'Cannot log in after the password reset' }).waitFor();
    expect(await state(page).textContent()).toBe('New');
    await checkA11y(page);
    await checkA11y(customer.page);
    await page.getByRole('button', { name: 'Triage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Triage' });
    await pickRef(dialog, 'Assignee', DEMO.agent.name, `${DEMO.agent.name} (you)`);
    await dialog.getByRole('button', { name: 'Triage' }).click();
    await toast(page, 'Ticket is now open.').waitFor();
    // Polled: the toast comes with the answer, the badge with the record's refetch after it.
    await expect.poll(() => state(page).textContent()).toBe('Open');
    // The customer's page followed, without a reload.
    await customer.page.locator('.page-header .badge', { hasText: 'Open' }).waitFor();
  });

  it('lets the agent resolve, asking for the resolution first', async () => {
    const page = agent.page;
    await page.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.getByText('Resolution is required.').waitFor();
    await checkA11y(page);
    await dialog.getByLabel('Resolution').fill('Cleared the lockout; the new password works now.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await toast(page, 'Ticket is now resolved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Focus went back to where it was before the dialog (Radix), not to the page's top.
    // Polled: it moves there a task and a frame after the dialog is gone.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    await expect.poll(() => state(page).textContent()).toBe('Resolved');
    await page.getByRole('button', { name: 'Close', exact: true }).waitFor();
    await checkA11y(page);
    await shot(page, '20-ticket-resolved-agent');
  });

  it('shows the customer the resolution live, and lets them reopen', async () => {
    const page = customer.page;
    await page.locator('.page-header .badge', { hasText: 'Resolved' }).waitFor();
    await page.getByText('Cleared the lockout; the new password works now.').waitFor();
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    await checkA11y(page);
    await shot(page, '21-ticket-resolved-customer-dark');
    // Resolved, the ticket may be rated, and the rating is all the customer may change now.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit ticket' });
    await edit.getByLabel('Satisfaction').fill('5');
    expect(await edit.getByRole('textbox').count()).toBe(0);
    await checkA11y(page);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Ticket saved.').waitFor();
    await edit.waitFor({ state: 'detached' });
    const api = await apiAs(hd.base, erin.email);
    await expect.poll(async () => (await api.get('tickets', path.split('/').at(-1)!)).satisfaction).toBe(5);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await toast(page, 'Ticket is now open.').waitFor();
    await expect.poll(() => state(page).textContent()).toBe('Open');
    // Open again, it cannot be rated: the server's `$can` leaves the rating out (its rule would
    // refuse it), so there is nothing left for the customer to edit.
    await expect.poll(() => page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    // And the agent's page followed.
    await agent.page.locator('.page-header .badge', { hasText: 'Open' }).waitFor();
    await agent.page.getByRole('region', { name: 'History' }).getByText('reopen: Resolved → Open').waitFor();
  });

  it('closes a ticket by itself once its reopen window has passed', async () => {
    // The demo resolved Bob's question more than REOPEN_WINDOW_DAYS ago: the server's timer
    // closed it at start, as the system. Polled: the job worker runs it within a second.
    const bob = await openPage(browser, { colorScheme: 'dark' });
    await signIn(bob.page, hd.base, DEMO.bob.email, '/tickets?status=closed');
    const closed = bob.page.getByRole('link', { name: 'How do I add a second admin to our account?' });
    await expect
      .poll(
        async () => {
          if ((await closed.count()) === 0) await bob.page.reload();
          return closed.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    // The filtered list, in the dark theme Bob's system asks for.
    const statuses = () => bob.page.getByRole('table').locator('tbody td:nth-child(2)').allTextContents();
    await expect.poll(async () => [...new Set(await statuses())]).toEqual(['Closed']);
    await checkA11y(bob.page);
    await shot(bob.page, '22-ticket-list-closed-customer-dark');
    await closed.click();
    await bob.page.getByRole('region', { name: 'History' }).getByText('close: Resolved → Closed').waitFor();
    // A closed ticket is final: neither Reopen nor Close is offered.
    expect(await bob.page.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    expect(await bob.page.getByRole('button', { name: 'Close', exact: true }).count()).toBe(0);
    await checkA11y(bob.page);
    expect(bob.errors).toEqual([]);
  });

  it('threw no errors in either page', () => {
    expect([...agent.errors, ...customer.errors]).toEqual([]);
  });
});
