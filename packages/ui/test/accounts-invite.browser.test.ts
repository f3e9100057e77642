/**
 * Invitations in Chromium, the mail read from a real SMTP server: an admin adds a person from
 * the console's users tab (email, name, role), sees the invitation pending, sends it again;
 * the invitee opens the link from the latest mail, sets a password and is signed in with the
 * role they were given; an invitation revoked after a question is gone. The console's Mail tab
 * lists what was sent. Every page passes axe-core. Skipped, with a notice, without Chromium.
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
  openTab,
  shot,
  signIn,
} from './support';

noticeIfNoChromium();

const NIA = { email: 'nia@test.example', name: 'Nia Newcomer' };
const OLGA = 'olga@test.example';

describe.skipIf(!HAS_CHROMIUM)('invitations in Chromium', { timeout: 60_000 }, () => {
  const t = accountsTest();
  let admin: OpenedPage;
  beforeAll(t.start, 240_000);
  afterAll(t.stop);

  const invite = async (email: string, role: string, name = '') => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Add person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add person' });
    await dialog.getByLabel('Email').fill(email);
    if (name) await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Role').selectOption(role);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
  };
  const pending = (email: string) =>
    admin.page.getByRole('table', { name: 'Pending invitations' }).getByRole('rowheader', { name: email });

  it('adds a person from the users tab: the dialog checks before sending, the invitation is pending', async () => {
    admin = await t.open();
    await signIn(admin.page, t.hd.base, DEMO.admin.email);
    const { page } = admin;
    await page.goto(`${t.hd.base}/admin`);
    await page.getByRole('heading', { level: 3, name: 'Pending invitations' }).waitFor();
    await page.getByRole('button', { name: 'Add person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add person' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Email is required.').waitFor();
    expect(await dialog.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
    await checkA11y(page);
    await shot(page, 'accounts-10-add-person');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await invite(NIA.email, 'agent', NIA.name);
    await pending(NIA.email).waitFor();
    await checkA11y(page);
    await shot(page, 'accounts-11-pending');
  });

  it('sends it again, and the invitee signs in with the role from the latest link', async () => {
    // The first mail has left before the resend (which replaces its link).
    await t.mailbox.next(NIA.email, { timeoutMs: 15_000 });
    await admin.page.getByRole('button', { name: `Resend the invitation of ${NIA.email}` }).click();
    await admin.page.getByText(`A new link was sent to ${NIA.email}.`).waitFor();

    const nia = await t.open();
    await openMailedLink(t, nia.page, NIA.email, '/accept-invite');
    await nia.page.getByRole('heading', { level: 1, name: 'Accept your invitation' }).waitFor();
    await checkA11y(nia.page);
    await nia.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await nia.page.getByText('Password is required.').waitFor();
    await nia.page.getByLabel(/^Password/).fill('a long first password 7');
    await nia.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await nia.page.waitForURL((url) => url.pathname === '/');
    await nia.page.getByRole('heading', { level: 1 }).waitFor();
    const me = await nia.page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me.user).toMatchObject({ email: NIA.email, name: NIA.name, role: 'agent' });
    // An agent's screen, open to the invitee now.
    await nia.page.goto(`${t.hd.base}/tickets/board`);
    await nia.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await apiStatus(nia.page, '/api/auth/me')).toBe(200);
    await shot(nia.page, 'accounts-12-invitee-signed-in');

    // Accepted: no longer pending.
    await admin.page.reload();
    await admin.page.getByRole('heading', { level: 3, name: 'Pending invitations' }).waitFor();
    await expect.poll(() => pending(NIA.email).count()).toBe(0);
  });

  it('revokes an invitation after asking', async () => {
    await invite(OLGA, 'customer');
    await pending(OLGA).waitFor();
    await admin.page.getByRole('button', { name: `Revoke the invitation of ${OLGA}` }).click();
    const confirm = admin.page.getByRole('dialog', { name: `Revoke the invitation of ${OLGA}?` });
    await checkA11y(admin.page);
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await admin.page.getByText(`The invitation of ${OLGA} is revoked.`).waitFor();
    await expect.poll(() => pending(OLGA).count()).toBe(0);
  });

  it("lists the mail sent in the console's Mail tab", async () => {
    const { page } = admin;
    await openTab(page, 'Mail');
    const table = page.getByRole('table', { name: 'Mail' });
    await table.getByRole('rowheader', { name: NIA.email }).first().waitFor();
    await expect
      .poll(() => table.getByRole('rowheader', { name: NIA.email }).count())
      .toBeGreaterThanOrEqual(2);
    await table.getByText('Sent').first().waitFor();
    await checkA11y(page);
    await shot(page, 'accounts-13-mail-tab');
  });

  it('threw no errors in any page', () => {
    expect(t.opened.flatMap((o) => o.errors)).toEqual([]);
  });
});
