/**
 * A person's own account in Chromium, the mail read from a real SMTP server, on the helpdesk
 * with customers asked to confirm their address (`verifyEmail`): a new customer sees the
 * banner, sends the link again and follows it (the banner goes); on /account (the header's
 * link) a person changes their password (the wrong current one is refused), makes an API key
 * that is shown once (focus on it, then back on the button) and then listed by its prefix
 * only, uses it, revokes it, and signs out everywhere; changes their email by the link mailed
 * to the new address (a taken address gets the same notice and no mail). Every page passes axe-core. Skipped, with a notice, when there is no Chromium.
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
const MOVED = 'tom.moved@test.example';
const focusedId = (page: OpenedPage['page']) => page.evaluate(() => document.activeElement?.id);

describe.skipIf(!HAS_CHROMIUM)('a person’s own account in Chromium', { timeout: 60_000 }, () => {
  const t = accountsTest({ roles: { customer: { verifyEmail: true } } });
  let agent: OpenedPage;
  beforeAll(t.start, 240_000);
  afterAll(t.stop);
  const login = (email: string, password = PASSWORD) =>
    fetch(`${t.hd.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status);

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
    // The form that had focus is gone: focus is on the key, what the person came for.
    await expect.poll(() => focusedId(page)).toBe('new-key-value');
    const key = await shown.getByLabel('Your new key').inputValue();
    expect(key).toMatch(/^nfk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).waitFor();
    await checkA11y(page);
    await shot(page, 'accounts-23-key-once');
    await shown.getByRole('button', { name: 'Done' }).click();
    // Back where the person was: the button that opened the dialog.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('New API key');

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

  it('changes the email only once the link mailed to the new address is opened; a taken one gets no mail', async () => {
    const { page } = await t.open();
    await signIn(page, t.hd.base, DEMO.agent2.email);
    await page.goto(`${t.hd.base}/account`);
    const section = page.getByRole('region', { name: 'Email', exact: true });
    await section.getByText(DEMO.agent2.email).waitFor();
    const form = page.getByRole('form', { name: 'Email', exact: true });
    const ask = async (email: string) => {
      await form.getByLabel(/^New email/).fill(email);
      await form.getByLabel(/^Current password/).fill(PASSWORD);
      await form.getByRole('button', { name: 'Change email' }).click();
      await section.getByText(`We sent a link to ${email}. Your address changes when you open it.`).waitFor();
    };

    // Taken by another account: the same answer, and nothing is mailed to anyone.
    await ask(DEMO.alice.email);
    await ask(MOVED);
    await checkA11y(page);
    await shot(page, 'accounts-24-email-link-sent');
    // The old address still signs in until the link is opened.
    expect(await login(DEMO.agent2.email)).toBe(200);
    await openMailedLink(t, page, MOVED, '/verify-email');
    await page.getByText(`Your email address ${MOVED} is confirmed.`).waitFor();
    // Mail leaves in the order it was asked for: the taken address's would have come first.
    expect(t.mailbox.messages.filter((m) => m.to.includes(DEMO.alice.email))).toEqual([]);

    await page.goto(`${t.hd.base}/account`);
    await section.locator('strong', { hasText: MOVED }).waitFor();
    expect(await login(DEMO.agent2.email)).toBe(401);
    expect(await login(MOVED)).toBe(200);
  });

  it('threw no errors in any page', () => {
    expect(t.opened.flatMap((o) => o.errors)).toEqual([]);
  });
});
