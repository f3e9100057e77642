/**
 * The admin console's people and teams in Chromium, on the helpdesk with its demo data: the
 * console opens for an admin on the users tab without shifting the layout; an admin changes a
 * customer's role (and that person's session ends at once), sets an agent's team, disables an
 * account (that person cannot sign in) and enables it again, moves between the tabs from the
 * keyboard, creates, renames and deletes teams; no one but an admin gets the console. Every
 * page passes axe-core with no serious or critical violation. Screenshots go to
 * packages/ui/test-results/admin-*.png. Skipped, with a notice, when there is no Chromium.
 * The spec's own views are walked in admin-spec-views, the audit log in admin-audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminConsoleTest,
  apiStatus,
  checkA11y,
  DEMO,
  HAS_CHROMIUM,
  noticeIfNoChromium,
  type OpenedPage,
  openTab,
  PASSWORD,
  type Person,
  shifts,
  shot,
  signIn,
  TRACK_SHIFTS,
} from './support';

noticeIfNoChromium();

const RILEY: Person = { email: 'riley@test.example', name: 'Riley Rolechange', role: 'customer' };
const DANA: Person = { email: 'dana@test.example', name: 'Dana Disabled', role: 'customer' };

describe.skipIf(!HAS_CHROMIUM)(
  "the admin console's people and teams in Chromium",
  { timeout: 60_000 },
  () => {
    const t = adminConsoleTest([RILEY, DANA]);
    let riley: OpenedPage;
    let admin: OpenedPage;

    beforeAll(t.start, 240_000);
    afterAll(t.stop);

    it('opens for an admin without shifting the layout, on the users tab', async () => {
      riley = await t.open();
      await signIn(riley.page, t.hd.base, RILEY.email);
      expect(await apiStatus(riley.page, '/api/auth/me')).toBe(200);

      admin = await t.open();
      await admin.context.addInitScript(TRACK_SHIFTS);
      await signIn(admin.page, t.hd.base, DEMO.admin.email);
      const { page } = admin;
      // Where an admin lands after signing in: the dashboard.
      await page.getByRole('heading', { level: 2, name: 'The queue' }).waitFor();
      await checkA11y(page);
      await shot(page, 'admin-00-dashboard');
      await page.goto(`${t.hd.base}/admin`);
      await page.getByRole('tablist', { name: 'Admin sections' }).waitFor();
      await page.getByRole('combobox', { name: `Role of ${RILEY.name}` }).waitFor();
      expect(await page.getByRole('tab', { name: 'Users and roles' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await page
        .getByRole('status')
        .getByText(/\d+ users\./)
        .waitFor();
      const shift = await shifts(page);
      expect(shift.console, shift.what.join('\n')).toBeLessThan(0.005);
      expect(shift.all).toBeLessThan(0.1);
      await checkA11y(page);
      await shot(page, 'admin-01-users');
    });

    it("changes a role with If-Match, toasts it, and ends that person's session", async () => {
      const { page } = admin;
      const rileyId = t.ids.get(RILEY.email);
      const select = page.getByRole('combobox', { name: `Role of ${RILEY.name}` });
      const patch = page.waitForRequest(
        (r) => r.method() === 'PATCH' && r.url().endsWith(`/api/entities/users/${rileyId}`),
      );
      await select.selectOption('agent');
      expect((await patch).headers()['if-match']).toBe('"1"');
      await page.getByText(`${RILEY.name} is now Agent.`).waitFor();
      expect(await select.inputValue()).toBe('agent');
      // The server ended Riley's sessions with the change: the next call is refused.
      expect(await apiStatus(riley.page, '/api/auth/me')).toBe(401);
      const saved = await page.evaluate(
        async (id) => (await fetch(`/api/entities/users/${id}`)).json(),
        rileyId,
      );
      expect(saved).toMatchObject({ role: 'agent', version: 2 });
      // A refused change says why and leaves the role as it was: an agent in a team cannot
      // become a customer while the team is set (the spec's teamOnlyForAgents rule).
      const priya = page.getByRole('combobox', { name: `Role of ${DEMO.agent.name}` });
      await priya.selectOption('customer');
      await page.getByText(`The role of ${DEMO.agent.name} was not changed.`).waitFor();
      await expect.poll(() => priya.inputValue()).toBe('agent');
      // An admin's own role is not offered for change: no one locks themselves out here.
      expect(await page.getByRole('combobox', { name: `Role of ${DEMO.admin.name}` }).isDisabled()).toBe(
        true,
      );
      await checkA11y(page);
      await shot(page, 'admin-02-role-changed');
    });

    it("sets an agent's team from the users list, and a refusal says which rule", async () => {
      const { page } = admin;
      // Riley is an agent since the role change: one more for Support.
      const riley = page.getByRole('combobox', { name: `Team of ${RILEY.name}` });
      await riley.selectOption({ label: 'Support' });
      await page.getByText(`The team of ${RILEY.name} is now Support.`).waitFor();
      await expect.poll(() => riley.inputValue()).not.toBe('');
      // A customer cannot be in a team (teamOnlyForAgents): refused, and the select goes back.
      const bob = page.getByRole('combobox', { name: `Team of ${DEMO.bob.name}` });
      await bob.selectOption({ label: 'Support' });
      await page.getByText(`The team of ${DEMO.bob.name} was not changed.`).waitFor();
      await page
        .getByText(/It breaks the rule teamOnlyForAgents/)
        .first()
        .waitFor();
      await expect.poll(() => bob.inputValue()).toBe('');
    });

    it('disables an account after asking (that person cannot sign in), then enables it again', async () => {
      const { page } = admin;
      const dana = await t.open();
      await signIn(dana.page, t.hd.base, DANA.email);
      expect(await apiStatus(dana.page, '/api/auth/me')).toBe(200);
      // No one disables themselves: the admin's own row offers no button.
      await expect
        .poll(() => page.getByRole('button', { name: `Disable the account of ${DEMO.admin.name}` }).count())
        .toBe(0);
      await page.getByRole('button', { name: `Disable the account of ${DANA.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Disable ${DANA.name}?` });
      await dialog.getByText(/signed out everywhere/).waitFor();
      await checkA11y(page);
      await shot(page, 'admin-02b-disable-dialog');
      await dialog.getByRole('button', { name: 'Disable account' }).click();
      await page.getByText(`${DANA.name} is disabled.`).waitFor();
      const enable = page.getByRole('button', { name: `Enable the account of ${DANA.name}` });
      await enable.waitFor();
      // Signed out at once, and the sign-in form refuses the right password.
      await expect.poll(() => apiStatus(dana.page, '/api/auth/me')).toBe(401);
      await dana.page.goto(`${t.hd.base}/login`);
      await dana.page.getByLabel('Email').fill(DANA.email);
      await dana.page.getByLabel('Password').fill(PASSWORD);
      await dana.page.getByLabel('Password').press('Enter');
      await dana.page.getByText('The email or password is not correct.').waitFor();
      expect(new URL(dana.page.url()).pathname).toBe('/login');

      await enable.click();
      await page.getByText(`${DANA.name} is enabled again.`).waitFor();
      await page.getByRole('button', { name: `Disable the account of ${DANA.name}` }).waitFor();
      await signIn(dana.page, t.hd.base, DANA.email);
      expect(await apiStatus(dana.page, '/api/auth/me')).toBe(200);
    });

    it('moves between tabs with the arrow keys, one tab stop in all', async () => {
      const { page } = admin;
      const users = page.getByRole('tab', { name: 'Users and roles' });
      await users.focus();
      await page.keyboard.press('ArrowRight');
      const teams = page.getByRole('tab', { name: 'Teams', exact: true });
      expect(await teams.getAttribute('aria-selected')).toBe('true');
      expect(await teams.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await users.getAttribute('tabindex')).toBe('-1');
      await page.keyboard.press('End');
      expect(await page.getByRole('tab', { name: 'Audit log' }).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('Home');
      expect(await users.getAttribute('aria-selected')).toBe('true');
      // The open tab is in the URL, so a reload comes back to it.
      await openTab(page, 'Teams');
      expect(new URL(page.url()).searchParams.get('tab')).toBe('teams');
    });

    it('lists the teams and creates one, checked by the spec before it is sent', async () => {
      const { page } = admin;
      await page.getByRole('rowheader', { name: 'Support', exact: true }).waitFor();
      const name = page.getByRole('textbox', { name: 'Name', exact: true });
      await name.fill('Q');
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.getByText('Name must be at least 2 characters.').waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      await name.fill('Billing');
      await page.getByRole('button', { name: 'Create team' }).click();
      await page.getByRole('rowheader', { name: 'Billing', exact: true }).waitFor();
      await checkA11y(page);
      await shot(page, 'admin-03-teams');
    });

    it('renames a team (checked before it is sent) and deletes one with members, who keep their accounts', async () => {
      const { page } = admin;
      await page.getByRole('button', { name: 'Rename Billing' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename Billing' });
      const name = rename.getByLabel('New name');
      await name.fill('B');
      await rename.getByRole('button', { name: 'Rename team' }).click();
      await rename.getByText('Name must be at least 2 characters.').waitFor();
      await name.fill('Billing desk');
      await rename.getByRole('button', { name: 'Rename team' }).click();
      await page.getByRole('rowheader', { name: 'Billing desk', exact: true }).waitFor();
      await expect.poll(() => rename.count()).toBe(0);

      // Support has members (Priya and Tom from the demo, Riley since the users tab): the
      // question says what happens to them.
      const support = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Support', exact: true }) });
      await expect.poll(async () => (await support.getByRole('cell').nth(1).textContent())?.trim()).toBe('3');
      await support.getByRole('button', { name: 'Delete Support' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Support?' });
      await confirm.getByText(/3 people that have it as team lose their team/).waitFor();
      await checkA11y(page);
      await shot(page, 'admin-03b-delete-team');
      await confirm.getByRole('button', { name: 'Delete team' }).click();
      await page.getByText('Team Support deleted.').waitFor();
      await expect.poll(() => page.getByRole('rowheader', { name: 'Support', exact: true }).count()).toBe(0);
      await openTab(page, 'Users and roles');
      await expect
        .poll(() => page.getByRole('combobox', { name: `Team of ${RILEY.name}` }).inputValue())
        .toBe('');
      await openTab(page, 'Teams');
    });

    it('is not there for anyone but an admin', async () => {
      const agent = await t.open();
      await signIn(agent.page, t.hd.base, DEMO.agent.email);
      await agent.page.goto(`${t.hd.base}/admin`);
      await agent.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await agent.page.getByRole('tablist', { name: 'Admin sections' }).count()).toBe(0);
      await checkA11y(agent.page);
      await shot(agent.page, 'admin-12-refused-agent');
    });

    it('threw no errors in any page', () => {
      expect(t.opened.flatMap((o) => o.errors)).toEqual([]);
    });
  },
);
