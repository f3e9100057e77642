/**
 * The other faces of automation in Chromium: an admin's Jobs tab (the queue, webhook
 * deliveries included) filtered by status and kind, a cancelled timed transition retried
 * from it; and a person's notification channels on their account page, saved as a box is
 * ticked. axe-core runs on both.
 */
import type { Browser } from 'playwright-core';
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
  openTab,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

describe.skipIf(!HAS_CHROMIUM)('jobs and notification channels in Chromium', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  const errors: string[] = [];
  const subject = 'The export button does nothing';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    const alice = await apiAs(hd.base, DEMO.alice.email);
    const desk = await apiAs(hd.base, DEMO.agent.email);
    const t = await alice.create('tickets', {
      subject,
      description: 'Nothing happens.',
      category: 'technical',
    });
    await desk.transition('tickets', t.id, 'triage', {});
    // Resolving plans its closing; reopening cancels that.
    await desk.transition('tickets', t.id, 'resolve', { resolution: 'Fixed in 2.3.' });
    await alice.transition('tickets', t.id, 'reopen', {});
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  it('lists the cancelled closing in the Jobs tab and retries it', async () => {
    const { page, errors: pageErrors } = await openPage(browser);
    await signIn(page, hd.base, DEMO.admin.email, '/admin');
    await openTab(page, 'Jobs');
    await page.getByLabel('Status').selectOption('cancelled');
    await page.getByLabel('Kind').selectOption('timer');
    const table = page.getByRole('table', { name: 'Jobs' });
    const row = table.getByRole('row', { name: /^close · Timed transition/ }).first();
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Cancelled');
    // Only the cancelled timers: no other status, no other kind.
    const statuses = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    expect([...new Set(statuses)]).toEqual(['Cancelled']);
    await checkA11y(page);
    await shot(page, '41-admin-jobs');
    await row.getByRole('button', { name: 'Retry close' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Timed transition “close” queued to run again.')
      .waitFor();
    errors.push(...pageErrors);
  });

  it('saves a notification channel from the account page', async () => {
    const { page, errors: pageErrors } = await openPage(browser);
    await signIn(page, hd.base, DEMO.agent.email, '/account');
    await page.getByRole('heading', { level: 2, name: 'Notifications' }).waitFor();
    const box = page.getByRole('checkbox', { name: 'A customer replied to my ticket: by email' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await checkA11y(page);
    await box.uncheck();
    const desk = await apiAs(hd.base, DEMO.agent.email);
    await expect
      .poll(async () =>
        (await desk.notifications.preferences()).items.find((p) => p.notification === 'customerReplied'),
      )
      .toMatchObject({ app: true, email: false });
    await page.reload();
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    errors.push(...pageErrors);
  });

  it('threw no errors', () => {
    expect(errors).toEqual([]);
  });
});
