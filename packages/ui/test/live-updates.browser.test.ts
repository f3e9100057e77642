/**
 * (d) Live updates between two people in two browsers (two Chromium processes, so nothing
 * is shared between them but the server), through realtime: the ticket list, the board and
 * a ticket's page change when the other person changes things — a new ticket, a triage
 * from the board, an edit and a reply, a withdrawal — with no reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserPid,
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

const SUBJECT = 'Live: monitor flickers at 60 Hz';

describe.skipIf(!HAS_CHROMIUM)('live updates between two people', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  // One browser each: two contexts of one browser would share its process, its network
  // stack and its realtime plumbing, which is not how two people meet in the product.
  let agentBrowser: Browser;
  let customerBrowser: Browser;
  let agent: OpenedPage;
  let customer: OpenedPage;
  const fay = { email: `fay-${Date.now()}@test.example`, name: 'Fay Customer', role: 'customer' } as const;
  let ticketPath = '';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true, users: [fay] });
    [agentBrowser, customerBrowser] = await Promise.all([launchChromium(), launchChromium()]);
    agent = await openPage(agentBrowser);
    customer = await openPage(customerBrowser);
    await signIn(agent.page, hd.base, DEMO.agent.email, '/tickets');
    await signIn(customer.page, hd.base, fay.email, '/tickets/new');
  }, 240_000);

  afterAll(async () => {
    await agentBrowser?.close();
    await customerBrowser?.close();
    await hd?.close();
  });

  const reload = { count: 0 };
  const countReloads = (page: Page) => page.on('load', () => reload.count++);
  const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
  const column = (page: Page, state: string) =>
    page.getByRole('region', { name: new RegExp(`^${state}\\b`) });

  it('runs the agent and the customer in two separate browser processes', async () => {
    expect(await browserPid(agentBrowser)).not.toBe(await browserPid(customerBrowser));
  });

  it("puts a customer's new ticket into the agent's list", async () => {
    countReloads(agent.page);
    countReloads(customer.page);
    await agent.page.getByRole('table').getByRole('row').nth(1).waitFor();
    const c = customer.page;
    await c.getByLabel('Subject').fill(SUBJECT);
    await c.getByLabel('Description').fill('Only on the left monitor.');
    await c.getByRole('button', { name: 'Create ticket' }).click();
    await c.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    ticketPath = new URL(c.url()).pathname;
    // Polled: the row arrives with the list's refetch, its state badge with it.
    await expect.poll(() => row(agent.page, SUBJECT).textContent()).toContain('New');
    await checkA11y(agent.page);
    await shot(agent.page, '30-ticket-list-agent');
  });

  it("shows the agent's triage on the board in the customer's list", async () => {
    await customer.page.getByRole('link', { name: 'Tickets', exact: true }).click();
    await row(customer.page, SUBJECT).waitFor();
    const a = agent.page;
    await a.getByRole('link', { name: 'Board', exact: true }).click();
    const card = column(a, 'New').getByRole('listitem').filter({ hasText: SUBJECT });
    await card.getByRole('button', { name: `Move “${SUBJECT}”` }).click();
    await a.getByRole('menuitem', { name: 'Triage → Open' }).click();
    await a.getByRole('dialog', { name: 'Triage' }).getByRole('button', { name: 'Triage' }).click();
    await column(a, 'Open').getByRole('listitem').filter({ hasText: SUBJECT }).waitFor();
    await row(customer.page, SUBJECT).filter({ hasText: 'Open' }).waitFor();
    await checkA11y(a);
    await checkA11y(customer.page);
    await shot(customer.page, '31-ticket-list-customer');
  });

  it("shows the agent's edit and reply on the customer's ticket page, and the customer's reply back", async () => {
    const c = customer.page;
    const a = agent.page;
    await c.getByRole('link', { name: SUBJECT }).click();
    await c.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await column(a, 'Open').getByRole('link', { name: SUBJECT }).click();
    await a.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    expect(new URL(a.url()).pathname).toBe(ticketPath);
    await a.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Edit ticket' });
    await dialog.getByLabel('Priority').selectOption('urgent');
    // The open dialog over the page, as a screen reader meets it.
    await checkA11y(a);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const details = c.getByRole('complementary', { name: 'Details' });
    await details.getByText('Urgent', { exact: true }).waitFor();
    await a.getByRole('textbox', { name: 'Comment' }).fill('Swapping the cable should fix it.');
    await a.getByRole('button', { name: 'Add comment' }).click();
    await c
      .getByRole('region', { name: 'Conversation' })
      .getByText('Swapping the cable should fix it.')
      .waitFor();
    await c.getByRole('textbox', { name: 'Comment' }).fill('New cable, same flicker.');
    await c.getByRole('button', { name: 'Add comment' }).click();
    await a.getByRole('region', { name: 'Conversation' }).getByText('New cable, same flicker.').waitFor();
    await c.getByRole('region', { name: 'History' }).getByText('changed priority').waitFor();
    await checkA11y(c);
    await shot(c, '32-ticket-page-live');
  });

  it("moves the card on the agent's board when the customer withdraws the ticket", async () => {
    const a = agent.page;
    await a.getByRole('link', { name: 'Board', exact: true }).click();
    await column(a, 'Open').getByRole('listitem').filter({ hasText: SUBJECT }).waitFor();
    const c = customer.page;
    await c.getByRole('button', { name: 'Withdraw' }).click();
    // Withdrawing cannot be undone, so it asks first.
    const dialog = c.getByRole('dialog', { name: 'Withdraw' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await checkA11y(c);
    await shot(c, '33-withdraw-dialog');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await column(a, 'Cancelled').getByRole('listitem').filter({ hasText: SUBJECT }).waitFor();
    await checkA11y(c);
    // Polled: each column refetches on its own, so the card can show in both for a moment.
    await expect
      .poll(() => column(a, 'Open').getByRole('listitem').filter({ hasText: SUBJECT }).count())
      .toBe(0);
  });

  it('did all of it without a reload, and without errors', () => {
    expect(reload.count).toBe(0);
    expect([...agent.errors, ...customer.errors]).toEqual([]);
  });
});
