/**
 * The development outbox in the admin console's Mail tab, in Chromium: with no mail server
 * configured, a reset's mail is kept in memory and its body (with its link) can be read from
 * the tab; a reset for an address with no account is listed as not sent. Passes axe-core.
 * Skipped, with a notice, when there is no Chromium.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkA11y,
  DEMO,
  HAS_CHROMIUM,
  type HelpdeskServer,
  launchChromium,
  noticeIfNoChromium,
  type OpenedPage,
  openPage,
  openTab,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

describe.skipIf(!HAS_CHROMIUM)('the development outbox in the Mail tab', { timeout: 60_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let admin: OpenedPage;
  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true, mail: 'outbox' });
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
    await hd?.close();
  });

  it('reads a mail’s body with its link, and lists a reset for no account as not sent', async () => {
    const reset = (email: string) =>
      fetch(`${hd.base}/api/auth/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }).then((r) => r.status);
    expect(await reset(DEMO.bob.email)).toBe(202);
    expect(await reset('nobody@test.example')).toBe(202);
    await hd.nf.mailer.deliverDue();

    admin = await openPage(browser);
    const { page } = admin;
    await signIn(page, hd.base, DEMO.admin.email);
    await page.goto(`${hd.base}/admin?tab=mail`);
    await page.getByRole('heading', { level: 2, name: 'Mail' }).waitFor();
    const table = page.getByRole('table', { name: 'Mail' });
    const bob = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: DEMO.bob.email }) });
    await bob.getByText('Sent').waitFor();
    await bob.locator('summary').click();
    await expect.poll(() => bob.locator('pre').textContent()).toMatch(/\/reset-password\?token=/);
    const nobody = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'nobody@test.example' }) });
    await nobody.getByText('Not sent').waitFor();
    await checkA11y(page);
    await shot(page, 'accounts-30-outbox');
    await openTab(page, 'Users and roles');
    expect(admin.errors).toEqual([]);
  });
});
