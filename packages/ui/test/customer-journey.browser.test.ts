/**
 * (a) A customer's journey in Chromium: asked to sign in on the way to the new-ticket page,
 * they sign up instead and land where they were going; the form names every problem at
 * once, before anything is sent; a good ticket is filed; the quota counts it; at the
 * open-ticket limit the server's refusal is shown in the catalogue's words; they comment;
 * and when support resolves the ticket, they reopen it. axe-core runs on every page.
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
  openPage,
  shot,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

describe.skipIf(!HAS_CHROMIUM)('a customer files, follows and reopens a ticket', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const email = `carla-${Date.now()}@test.example`;
  let ticketUrl = '';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    browser = await launchChromium();
    ({ page, errors } = await openPage(browser));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text);

  it('sends a visitor to sign in, and after signing up brings them where they were going', async () => {
    await page.goto(`${hd.base}/tickets/new`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).search).toBe('?next=%2Ftickets%2Fnew');
    await checkA11y(page);
    await shot(page, '01-login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    // Focus moved to the new page's heading, so a screen reader starts there. Polled: the
    // heading is drawn first, and focused by an effect that may run a task later.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await checkA11y(page);
    await shot(page, '02-signup');
    await page.getByLabel('Name').fill('Carla Customer');
    await page.getByLabel('Email').fill(DEMO.alice.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 8 characters.').waitFor();
    await checkA11y(page);
    await shot(page, '02-signup-errors');
    await page.getByLabel('Password').fill('a-long-enough-passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This email cannot be used to sign up. Sign in instead.').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'New ticket' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tickets/new');
  });

  it('names every problem of a bad ticket at once, beside its field, before sending it', async () => {
    await page.getByText('0 of 5 open tickets').waitFor();
    // The form as a customer first meets it: nothing flagged before they have typed.
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await checkA11y(page);
    await shot(page, '03-new-ticket');
    await page.getByRole('button', { name: 'Create ticket' }).click();
    const subject = page.getByLabel('Subject');
    await page.getByText('Subject is required.').waitFor();
    await page.getByText('Description is required.').waitFor();
    expect(await subject.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Description').getAttribute('aria-invalid')).toBe('true');
    // The first invalid field takes focus, so the keyboard lands on what to fix. Polled: it
    // moves a frame after the errors are drawn.
    await expect.poll(() => subject.evaluate((el) => el === document.activeElement)).toBe(true);
    await subject.fill('abc');
    await subject.blur();
    const message = page.getByText('Subject must be at least 5 characters.');
    await message.waitFor();
    expect((await subject.getAttribute('aria-describedby'))?.split(' ')).toContain(
      await message.getAttribute('id'),
    );
    await checkA11y(page);
    await shot(page, '03-new-ticket-errors');
  });

  it('files a good ticket and shows its page, with the quota counting it', async () => {
    await page.getByLabel('Subject').fill('Printer on floor 3 is smoking');
    await page.getByLabel('Description').fill('It started after the paper jam this morning.');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await page.getByRole('heading', { level: 1, name: 'Printer on floor 3 is smoking' }).waitFor();
    await toast('Ticket created.').waitFor();
    ticketUrl = page.url();
    expect(new URL(ticketUrl).pathname).toMatch(/^\/tickets\/[0-9a-f-]{36}$/);
    await page.getByText('New', { exact: true }).first().waitFor();
    await page.getByText('high tickets are answered within 24 hours').waitFor();
    await checkA11y(page);
    await shot(page, '04-ticket-page-customer');
    await page.getByRole('link', { name: 'Tickets', exact: true }).click();
    await page.getByRole('table').getByRole('link', { name: 'Printer on floor 3 is smoking' }).waitFor();
    await checkA11y(page);
    await page.getByRole('link', { name: 'New ticket' }).click();
    await page.getByText('1 of 5 open tickets').waitFor();
  });

  it("shows the open-ticket limit in the catalogue's words, and the quota full", async () => {
    const me = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const res = await fetch('/api/entities/tickets', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ subject: `Another problem ${i}`, description: 'Details.' }),
        });
        out.push(res.status);
      }
      return out;
    });
    expect(me).toEqual([201, 201, 201, 201]);
    await page.reload();
    await page.getByText('5 of 5 open tickets').waitFor();
    await page.getByText('you have reached the limit').waitFor();
    await page.getByLabel('Subject').fill('One ticket too many');
    await page.getByLabel('Description').fill('This one should be refused.');
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await toast('You can have at most 5 open tickets.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/tickets/new');
    await checkA11y(page);
    await shot(page, '05-open-ticket-limit');
  });

  it('comments on the ticket, and is not offered internal notes', async () => {
    await page.goto(ticketUrl);
    await page.getByRole('heading', { name: 'Conversation' }).waitFor();
    expect(await page.getByLabel('Internal note').count()).toBe(0);
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByText('Comment is required.').waitFor();
    await checkA11y(page);
    await page.getByRole('textbox', { name: 'Comment' }).fill('It smells of burnt toner now.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await toast('Comment added.').waitFor();
    const thread = page.getByRole('region', { name: 'Conversation' });
    await thread.getByText('It smells of burnt toner now.').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('');
  });

  it('reopens the ticket once support has resolved it', async () => {
    const id = new URL(ticketUrl).pathname.split('/').pop()!;
    const agent = await apiAs(hd.base, DEMO.agent.email);
    await agent.transition('tickets', id, 'triage', {});
    await agent.transition('tickets', id, 'resolve', { resolution: 'Replaced the fuser unit.' });
    // The page is live: the new state and its buttons arrive without a reload.
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    await page.getByText('Replaced the fuser unit.').waitFor();
    await checkA11y(page);
    await shot(page, '06-ticket-resolved-customer');
    await page.getByRole('button', { name: 'Reopen' }).click();
    await toast('Ticket is now open.').waitFor();
    await page.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    await page.getByRole('region', { name: 'History' }).getByText('reopen: Resolved → Open').waitFor();
    await checkA11y(page);
  });

  it('threw no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
