/**
 * Service accounts in Chromium, on the helpdesk with its agents made a service role (`agent:
 * { service: true }`): an admin adds one from the users tab (the dialog checks before
 * sending), makes it an API key shown once, the key calls the API as that role, and revoking
 * it ends it. Every page passes axe-core. Skipped, with a notice, when there is no Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsTest, checkA11y, DEMO, HAS_CHROMIUM, noticeIfNoChromium, shot, signIn } from './support';

noticeIfNoChromium();

const BOT = { name: 'Nightly import', email: 'import-bot@test.example' };

describe.skipIf(!HAS_CHROMIUM)('service accounts in Chromium', { timeout: 60_000 }, () => {
  const t = accountsTest({ roles: { agent: { service: true } } });
  beforeAll(t.start, 240_000);
  afterAll(t.stop);

  it('adds a service account, makes it a key that acts as its role, and revokes the key', async () => {
    const { page } = await t.open();
    await signIn(page, t.hd.base, DEMO.admin.email);
    await page.goto(`${t.hd.base}/admin`);
    const section = page.getByRole('region', { name: 'Service accounts' });
    await section.getByRole('heading', { level: 3, name: 'Service accounts' }).waitFor();

    await section.getByRole('button', { name: 'Add service account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add service account' });
    await dialog.getByRole('button', { name: 'Add service account' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await checkA11y(page);
    await dialog.getByLabel('Name').fill(BOT.name);
    await dialog.getByLabel('Email').fill(BOT.email);
    await dialog.getByRole('button', { name: 'Add service account' }).click();
    await page.getByText(`Service account ${BOT.name} added.`, { exact: false }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Its keys are open at once, the toggle saying what it controls.
    const toggle = section.getByRole('button', { name: `Hide the API keys of ${BOT.name}` });
    await toggle.waitFor();
    const controls = await toggle.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    expect(await page.locator(`[id="${controls}"]`).count()).toBe(1);
    const keys = page.getByRole('region', { name: `API keys of ${BOT.name}` });
    await keys.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: `New API key for ${BOT.name}` });
    await form.getByLabel('Name').fill('Import job');
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const key = await shown.getByLabel('Your new key').inputValue();
    expect(key).toMatch(/^nfk_[A-Za-z0-9_-]{43}$/);
    await checkA11y(page);
    await shot(page, 'accounts-30-service-key');
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = keys
      .getByRole('table', { name: `API keys of ${BOT.name}` })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Import job' }) });
    await row.waitFor();
    expect(await page.content()).not.toContain(key);

    const api = (path: string, k: string) =>
      fetch(`${t.hd.base}${path}`, { headers: { authorization: `Bearer ${k}` } });
    const me = await api('/api/auth/me', key);
    expect(me.status).toBe(200);
    // The key's owner is the new account, of the service role.
    expect(((await me.json()) as { user: { email: string; role: string } }).user).toMatchObject({
      email: BOT.email,
      role: 'agent',
    });
    // An agent reads every ticket, the demo customers' included.
    const tickets = await api('/api/entities/tickets', key);
    expect(tickets.status).toBe(200);
    expect(((await tickets.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);

    await row.getByRole('button', { name: 'Revoke the key Import job' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Import job?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await page.getByText('Key Import job revoked.').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect((await api('/api/auth/me', key)).status).toBe(401);
    await checkA11y(page);
  });

  it('threw no errors in any page', () => {
    expect(t.opened.flatMap((o) => o.errors)).toEqual([]);
  });
});
