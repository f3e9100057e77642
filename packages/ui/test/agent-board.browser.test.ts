/**
 * (b) An agent at work in Chromium: takes a ticket from the queue ("Assign to me"),
 * triages another from its page, moves cards on the board from the keyboard (dnd-kit's
 * keyboard sensor), by dragging, and from a card's menu, is refused a move the spec does
 * not allow, writes an internal note that the customer then does not see — while they
 * do see the public reply — and meets the server's refusal of an assignee beside the
 * Assignee field. axe-core runs on every page and open dialog.
 */
import type { Browser, Locator, Page } from 'playwright-core';
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
  pickRef,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

describe.skipIf(!HAS_CHROMIUM)('an agent works the queue and the board', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const ids: Record<string, string> = {};
  const dora = { email: `dora-${Date.now()}@test.example`, name: 'Dora Customer', role: 'customer' } as const;
  // An agent of this test's own, demoted mid-test, so the demo's agents stay as they are.
  const gus = { email: `gus-${Date.now()}@test.example`, name: 'Gus Agent', role: 'agent' } as const;
  let gusId = '';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true, users: [dora] });
    gusId = await hd.addUser(gus);
    // Three fresh tickets from a new customer, so the test does not lean on the demo's own.
    const customer = await apiAs(hd.base, dora.email);
    for (const subject of [
      'Queue: VPN drops hourly',
      'Queue: cannot print labels',
      'Board: laptop battery swollen',
    ]) {
      const t = await customer.create('tickets', {
        subject,
        description: 'Details follow.',
        priority: 'high',
      });
      ids[subject] = t.id;
    }
    browser = await launchChromium();
    ({ page, errors } = await openPage(browser));
    await signIn(page, hd.base, DEMO.agent.email);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text);
  const column = (state: string) => page.getByRole('region', { name: new RegExp(`^${state}\\b`) });
  const announced = (text: string) =>
    page.locator('[aria-live]').filter({ hasText: text }).first().waitFor({ state: 'attached' });
  const card = (col: Locator, title: string) => col.getByRole('listitem').filter({ hasText: title });

  it('takes a ticket from the queue with "Assign to me"', async () => {
    const queue = page.getByRole('region', { name: /^The queue/ });
    const item = queue.getByRole('listitem').filter({ hasText: 'Queue: VPN drops hourly' });
    await item.waitFor();
    await page.getByRole('region', { name: 'Tickets by status' }).locator('figure figcaption').waitFor();
    await checkA11y(page);
    await shot(page, '10-dashboard-agent');
    await item.getByRole('button', { name: 'Assign to me: Queue: VPN drops hourly' }).click();
    await toast('Assign to me: done.').waitFor();
    // Assigning a new ticket triages it: it leaves the queue.
    await item.waitFor({ state: 'detached' });
    const agent = await apiAs(hd.base, DEMO.agent.email);
    const t = await agent.get('tickets', ids['Queue: VPN drops hourly']!);
    expect(t.status).toBe('open');
    expect(t.assignee).not.toBeNull();
  });

  it('triages a ticket from its page, choosing the assignee in a dialog', async () => {
    await page
      .getByRole('region', { name: /^The queue/ })
      .getByRole('link', { name: 'Queue: cannot print labels' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Queue: cannot print labels' }).waitFor();
    await page.getByRole('button', { name: 'Triage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Triage' });
    await dialog.waitFor();
    // Focus moved into the dialog. Polled: Radix moves it in an effect after the first paint.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await pickRef(dialog, 'Assignee', 'Tom Becker');
    await checkA11y(page);
    await shot(page, '11-triage-dialog');
    await dialog.getByRole('button', { name: 'Triage' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast('Ticket is now open.').waitFor();
    const fields = page.getByRole('complementary', { name: 'Details' });
    await fields.getByText('Tom Becker').waitFor();
    await page.getByRole('button', { name: 'Resolve' }).waitFor();
    await checkA11y(page);
    await shot(page, '12-ticket-page-agent');
  });

  it('moves a card with the keyboard: Space, an arrow, Space', async () => {
    await page.getByRole('link', { name: 'Board', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Board' }).waitFor();
    const title = 'Queue: cannot print labels';
    const handle = card(column('Open'), title).getByRole('button', { name: `Drag “${title}”` });
    await handle.waitFor();
    await checkA11y(page);
    await shot(page, '13-board');
    await handle.focus();
    await page.keyboard.press('Space');
    // dnd-kit says where the card is, in the board's words, at each step.
    await announced(`“${title}” is over Open.`);
    await page.keyboard.press('ArrowRight');
    await announced(`“${title}” is over Pending.`);
    await page.keyboard.press('Space');
    // Open → Pending is "Wait for customer": no input, so it runs at once.
    await toast('Ticket is now pending.').waitFor();
    await card(column('Pending'), title).waitFor();
    // Polled: each column refetches on its own, so the card can show in both for a moment.
    await expect.poll(() => card(column('Open'), title).count()).toBe(0);
  });

  it('refuses a move the spec does not allow, before asking the server', async () => {
    const title = 'Queue: cannot print labels';
    const handle = card(column('Pending'), title).getByRole('button', { name: `Drag “${title}”` });
    await handle.focus();
    // Pending → Open is the customer's "respond", not the agent's.
    await page.keyboard.press('Space');
    await announced(`“${title}” is over Pending.`);
    await page.keyboard.press('ArrowLeft');
    await announced(`“${title}” is over Open.`);
    await page.keyboard.press('Space');
    await toast('cannot move from Pending to Open').waitFor();
    await card(column('Pending'), title).waitFor();
  });

  it('moves a card by dragging it, answering the dialog the transition needs', async () => {
    const title = 'Board: laptop battery swollen';
    await apiAs(hd.base, DEMO.agent.email).then((a) => a.transition('tickets', ids[title]!, 'triage', {}));
    const source = card(column('Open'), title);
    await source.waitFor();
    const handle = source.getByRole('button', { name: `Drag “${title}”` });
    const from = (await handle.boundingBox())!;
    const to = (await column('Resolved').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
    await page.mouse.up();
    const dialog = page.getByRole('dialog', { name: 'Resolve' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.getByText('Resolution is required.').waitFor();
    await checkA11y(page);
    await dialog.getByLabel('Resolution').fill('Sent a replacement laptop.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await toast('Ticket is now resolved.').waitFor();
    await card(column('Resolved'), title).waitFor();
  });

  it('moves a card from its menu', async () => {
    const title = 'Queue: cannot print labels';
    await card(column('Pending'), title)
      .getByRole('button', { name: `Move “${title}”` })
      .click();
    await page.getByRole('menuitem', { name: 'Resolve → Resolved' }).waitFor();
    await checkA11y(page);
    await page.getByRole('menuitem', { name: 'Resolve → Resolved' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve' });
    await dialog.getByLabel('Resolution').fill('Reinstalled the label printer driver.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await card(column('Resolved'), title).waitFor();
  });

  it('writes an internal note the customer does not see, beside a reply they do', async () => {
    const id = ids['Queue: VPN drops hourly']!;
    await page.goto(`${hd.base}/tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Queue: VPN drops hourly' }).waitFor();
    const comment = page.getByRole('textbox', { name: 'Comment' });
    await comment.fill('Looks like the DHCP lease; checking the router logs.');
    await page.getByLabel('Internal note').check();
    await page.getByRole('button', { name: 'Add comment' }).click();
    await toast('Comment added.').waitFor();
    await expect.poll(() => page.getByLabel('Internal note').isChecked()).toBe(false);
    await comment.fill('We are looking into it and will update you today.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    const thread = page.getByRole('region', { name: 'Conversation' });
    await thread.getByText('We are looking into it').waitFor();
    const note = thread.getByRole('listitem').filter({ hasText: 'DHCP lease' });
    expect(await note.getByText('Internal note').count()).toBe(1);
    await checkA11y(page);
    await shot(page, '14-internal-note');

    const customer = await openPage(browser);
    await signIn(customer.page, hd.base, dora.email, `/tickets/${id}`);
    const theirs = customer.page.getByRole('region', { name: 'Conversation' });
    await theirs.getByText('We are looking into it').waitFor();
    expect(await theirs.getByText('DHCP lease').count()).toBe(0);
    expect(await customer.page.getByLabel('Internal note').count()).toBe(0);
    await checkA11y(customer.page);
    await shot(customer.page, '15-customer-sees-no-internal-note');
    expect(customer.errors).toEqual([]);
    await customer.context.close();
  });

  it("shows the server's refusal of an assignee beside the Assignee field, not only as a toast", async () => {
    const id = ids['Queue: VPN drops hourly']!;
    await page.goto(`${hd.base}/tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Queue: VPN drops hourly' }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit ticket' });
    const assignee = dialog.getByRole('combobox', { name: 'Assignee' });
    // The picker offers agents only; Gus is one when it searches...
    await assignee.click();
    await assignee.fill(gus.name);
    const gusOption = dialog.getByRole('option', { name: gus.name, exact: true });
    await gusOption.waitFor();
    // ...and an admin makes him a customer while the dialog is open: the choice on screen is
    // now one the server must refuse (ASSIGNEE_NOT_AGENT, on the field `assignee`).
    const admin = await apiAs(hd.base, DEMO.admin.email);
    await admin.update('users', gusId, { role: 'customer' });
    await gusOption.click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const message = 'Tickets can only be assigned to agents.';
    const error = dialog.locator('.field-error', { hasText: message });
    await error.waitFor();
    // Tied to the select, so a screen reader reads it with the field.
    await expect.poll(() => assignee.getAttribute('aria-invalid')).toBe('true');
    const errorId = await error.getAttribute('id');
    expect(errorId).toBeTruthy();
    await expect
      .poll(async () => (await assignee.getAttribute('aria-describedby'))?.split(' ') ?? [])
      .toContain(errorId);
    // Focus went to the field to fix (polled: it moves a frame after the error is drawn).
    await expect.poll(() => assignee.evaluate((el) => el === document.activeElement)).toBe(true);
    // Placed beside its field, so not repeated in a toast; the dialog stays open to fix it.
    expect(await toast(message).count()).toBe(0);
    await checkA11y(page);
    await shot(page, '16-assignee-not-agent');
    // A new choice clears the server's verdict on the old one, and saves.
    await pickRef(dialog, 'Assignee', DEMO.agent2.name);
    await expect.poll(() => error.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast('Ticket saved.').waitFor();
  });

  it('threw no errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
