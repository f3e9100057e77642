/**
 * Password reset in Chromium, with the app's mail read from a real SMTP server: a person asks
 * on /forgot-password (reached from the sign-in page), gets the same answer as an address with
 * no account, opens the link from the mail, sets a password within the policy and lands signed
 * in; a session of theirs in another browser context is signed out at once, and the link works
 * only once. Every page passes axe-core. Skipped, with a notice, when there is no Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsTest,
  apiStatus,
  checkA11y,
  DEMO,
  HAS_CHROMIUM,
  noticeIfNoChromium,
  type OpenedPage,
  openMailedLink,
  shot,
  signIn,
  signInWith,
} from './support';

noticeIfNoChromium();

const NEW_PASSWORD = 'a brand new passphrase 42';
const SAID = 'If an account exists for that address, we sent a link';

describe.skipIf(!HAS_CHROMIUM)('password reset in Chromium', { timeout: 60_000 }, () => {
  const t = accountsTest();
  let old: OpenedPage;
  let link = '';
  beforeAll(t.start, 240_000);
  afterAll(t.stop);

  it('asks for a link from the sign-in page, and answers alike for an address with no account', async () => {
    old = await t.open();
    await signIn(old.page, t.hd.base, DEMO.bob.email);
    expect(await apiStatus(old.page, '/api/auth/me')).toBe(200);

    const { page } = await t.open();
    await page.goto(`${t.hd.base}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await checkA11y(page);
    // Empty: said beside the input, which takes focus.
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('Email is required.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('forgot-email');

    await page.getByLabel('Email').fill('nobody@test.example');
    await page.getByRole('button', { name: 'Send the link' }).click();
    const unknown = await page.getByRole('status').filter({ hasText: SAID }).textContent();
    await page.getByLabel('Email').fill(DEMO.bob.email);
    await page.getByRole('button', { name: 'Send another link' }).click();
    await page.getByRole('status').filter({ hasText: DEMO.bob.email }).waitFor();
    const known = await page.getByRole('status').filter({ hasText: SAID }).textContent();
    expect(known?.replace(DEMO.bob.email, '')).toBe(unknown?.replace('nobody@test.example', ''));
    await checkA11y(page);
    await shot(page, 'accounts-01-forgot');
  });

  it('opens the link from the mail, refuses a short password, then signs in and ends the old session', async () => {
    const { page } = await t.open();
    link = await openMailedLink(t, page, DEMO.bob.email, '/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await checkA11y(page);
    await page.getByLabel(/^New password/).fill('short');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.getByText(/Password must be at least \d+ characters\./).waitFor();
    expect(await page.getByLabel(/^New password/).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText(DEMO.bob.name, { exact: true }).waitFor();
    expect(await apiStatus(page, '/api/auth/me')).toBe(200);
    // Every other session of the account ended with the reset.
    await expect.poll(() => apiStatus(old.page, '/api/auth/me')).toBe(401);
    await shot(page, 'accounts-02-reset-signed-in');
  });

  it('takes the new password and refuses the link a second time', async () => {
    const { page } = await t.open();
    await signInWith(page, t.hd.base, DEMO.bob.email, NEW_PASSWORD);
    expect(await apiStatus(page, '/api/auth/me')).toBe(200);

    const again = await t.open();
    await again.page.goto(link);
    await again.page.getByLabel(/^New password/).fill('another passphrase 43');
    await again.page.getByRole('button', { name: 'Save and sign in' }).click();
    await again.page.getByRole('alert').first().waitFor();
    await again.page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    expect(new URL(again.page.url()).pathname).toBe('/reset-password');
    await checkA11y(again.page);
    await shot(again.page, 'accounts-03-link-used');
  });

  it('threw no errors in any page', () => {
    expect(t.opened.flatMap((o) => o.errors)).toEqual([]);
  });
});
