/**
 * A person's own account in Chromium, the mail read from a real SMTP server, on the helpdesk
 * with customers asked to confirm their address (`verifyEmail`): a new customer sees the
 * banner, sends the link again and follows it (the banner goes); on /account (the header's
 * link) a person changes their password (the wrong current one is refused), makes an API key
 * that is shown once and then listed by its prefix only, uses it, revokes it, and signs out
 * everywhere. Every page passes axe-core. Skipped, with a notice, when there is no Chromium.
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
  PASSWORD,
  shot,
  signIn,
  signInWith,
} from './support';

noticeIfNoChromium();

const NEW = { name: 'Vera Verify', email: 'vera@test.example', password: 'vera has a long passphrase' };
const CHANGED = 'a changed passphrase 99';

describe.skipIf(!HAS_CHROMIUM)('a person’s own account in Chromium', { timeout: 60_000 }, () => {
  const t = accountsTest({ roles: { customer: { verifyEmail: true } } });
  let agent: OpenedPage;
  beforeAll(t.start, 240_000);
  afterAll(t.stop);

  it('shows a new customer the banner until the link from the mail is opened', async () => {
    const { page } = await t.open();
    await page.goto(`${t.hd.base}/signup`);
    await page.getByLabel('Name').fill(NEW.name);
    await page.getByLabel('Email').fill(NEW.email);
    await page.getByLabel('Password').fill(NEW.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname !== '/signup');
    const banner = page.getByRole('region', { name: 'Confirm your email' });
    await banner.waitFor();
    await checkA11y(page);
    await shot(page, 'accounts-20-verify-banner');
    await t.mailbox.next(NEW.email, { timeoutMs: 15_000 });
    await banner.getByRole('button', { name: 'Resend the link' }).click();
    await banner.getByText(`We sent a new link to ${NEW.email}.`).waitFor();

    await openMailedLink(t, page, NEW.email, '/verify-email');
    await page.getByText(`Your email address ${NEW.email} is confirmed.`).waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    await checkA11y(page);
    await shot(page, 'accounts-21-verified');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await banner.count()).toBe(0);
  });

  it('changes the password from the account page, refusing a wrong current one', async () => {
    agent = await t.open();
    const { page } = agent;
    await signIn(page, t.hd.base, DEMO.agent.email);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await checkA11y(page);
    await shot(page, 'accounts-22-account');
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel(/^Current password/).fill('not my password');
    await form.getByLabel(/^New password/).fill(CHANGED);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').waitFor();
    await form.getByLabel(/^Current password/).fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Your other sessions were signed out.').waitFor();
    expect(await apiStatus(page, '/api/auth/me')).toBe(200);
    const other = await t.open();
    await signInWith(other.page, t.hd.base, DEMO.agent.email, CHANGED);
  });

  it('makes an API key shown once, lists it by prefix, and revokes it', async () => {
    const { page } = agent;
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await dialog.getByLabel('Name').fill('Nightly export');
    await dialog.getByLabel('Expires after').selectOption('30');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText("you won't see it again").waitFor();
    const key = await shown.getByLabel('Your new key').inputValue();
    expect(key).toMatch(/^nfk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).waitFor();
    await checkA11y(page);
    await shot(page, 'accounts-23-key-once');
    await shown.getByRole('button', { name: 'Done' }).click();

    const table = page.getByRole('table', { name: 'Your API keys' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Nightly export' }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(key.slice(0, 12));
    expect(await page.content()).not.toContain(key);
    const bearer = (k: string) =>
      fetch(`${t.hd.base}/api/auth/me`, { headers: { authorization: `Bearer ${k}` } }).then((r) => r.status);
    expect(await bearer(key)).toBe(200);
    // Listed after a reload, never with the key.
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    await checkA11y(page);

    await row.getByRole('button', { name: 'Revoke the key Nightly export' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Nightly export?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await page.getByText('Key Nightly export revoked.').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect(await bearer(key)).toBe(401);
  });

  it('signs out everywhere after asking', async () => {
    const { page } = agent;
    const other = await t.open();
    await signInWith(other.page, t.hd.base, DEMO.agent.email, CHANGED);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await apiStatus(page, '/api/auth/me')).toBe(401);
    await expect.poll(() => apiStatus(other.page, '/api/auth/me')).toBe(401);
  });

  it('threw no errors in any page', () => {
    expect(t.opened.flatMap((o) => o.errors)).toEqual([]);
  });
});
