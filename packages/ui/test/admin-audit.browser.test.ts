/**
 * The admin console's audit log in Chromium, on the helpdesk with its demo data and two
 * changes an admin made today through the API (a customer made an agent, the Support team
 * deleted): the log pages by cursor and filters by entity, record, actor, operation and day;
 * on a phone it and the users list load without shifting the layout and the page never
 * scrolls sideways. Every page passes axe-core with no serious or critical violation.
 * Screenshots go to packages/ui/test-results/admin-*.png. Skipped, with a notice, when there
 * is no Chromium. People and teams are walked in admin-people, the spec's views in
 * admin-spec-views.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminConsoleTest,
  apiAs,
  checkA11y,
  DEMO,
  day,
  HAS_CHROMIUM,
  noticeIfNoChromium,
  type OpenedPage,
  openTab,
  type Person,
  shifts,
  shot,
  signIn,
  TRACK_SHIFTS,
} from './support';

noticeIfNoChromium();

const RILEY: Person = { email: 'riley@test.example', name: 'Riley Rolechange', role: 'customer' };

describe.skipIf(!HAS_CHROMIUM)("the admin console's audit log in Chromium", { timeout: 60_000 }, () => {
  const t = adminConsoleTest([RILEY]);
  let admin: OpenedPage;
  let rileyId: string;

  beforeAll(async () => {
    await t.start();
    rileyId = t.ids.get(RILEY.email) ?? '';
    // What the log is filtered down to: a role change by the admin, and today's only delete.
    // Made through the API: the console's own forms are walked in admin-people.
    const api = await apiAs(t.hd.base, DEMO.admin.email);
    await api.update('users', rileyId, { role: 'agent' });
    const { items } = await api.list('teams');
    const support = items.find((team) => team.name === 'Support');
    if (!support) throw new Error('the demo data has no Support team');
    await api.delete('teams', String(support.id));
    admin = await t.openConsole();
  }, 240_000);
  afterAll(t.stop);

  it('shows the audit log, filtered by entity down to the role change, and paged by cursor', async () => {
    const { page } = admin;
    await openTab(page, 'Audit log');
    const status = page.getByRole('status').filter({ hasText: /Showing \d+ entries/ });
    await status.getByText('Showing 25 entries.').waitFor();
    await page.getByRole('button', { name: 'Show older entries' }).click();
    await status.getByText('Showing 50 entries.').waitFor();

    await page.getByLabel('Entity').selectOption('users');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const change = page.getByRole('row').filter({ hasText: 'Role: Customer → Agent' });
    await change.waitFor();
    expect(await change.textContent()).toContain(DEMO.admin.name);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // The record's own history, from its row.
    await change.getByRole('button', { name: /^Only the history of Users/ }).click();
    // Polled, not read once: the status line from before the click is still on the page
    // until the new page of entries arrives (this raced, and failed now and then).
    await expect.poll(() => page.getByLabel('Record id').inputValue()).toBe(rileyId);
    await expect.poll(() => requests.some((u) => u.includes(`recordId=${rileyId}`))).toBe(true);
    await page
      .getByRole('status')
      .getByText(/Showing \d+ entr/)
      .waitFor();
    await checkA11y(page);
    await shot(page, 'admin-09-audit');

    await page.getByLabel('Who').selectOption({ label: DEMO.admin.name });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => requests.some((u) => u.includes('actor='))).toBe(true);
    await change.waitFor();
    // By operation and day: today's deletes are the Support team; none before today.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('What').selectOption('delete');
    await page.getByLabel('From day').fill(day());
    await page.getByLabel('To day').fill(day());
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => requests.some((u) => u.includes('operation=delete') && u.includes('from=')))
      .toBe(true);
    const rows = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Delete');
    expect(await rows.first().textContent()).toContain('Teams');
    await page.getByLabel('From day').fill(day(-60));
    await page.getByLabel('To day').fill(day(-1));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('status').getByText('No entries.').waitFor();
    await checkA11y(page);
    await shot(page, 'admin-09b-audit-filtered');
  });

  it('fits a phone: the audit log and the users list, without shifts or sideways scrolling', async () => {
    const phone = await t.open({ width: 390, height: 844 });
    await phone.context.addInitScript(TRACK_SHIFTS);
    await signIn(phone.page, t.hd.base, DEMO.admin.email);
    await phone.page.goto(`${t.hd.base}/admin?tab=audit`);
    await phone.page.getByRole('status').getByText('Showing 25 entries.').waitFor();
    const audit = await shifts(phone.page);
    expect(audit.console, audit.what.join('\n')).toBeLessThan(0.005);
    await checkA11y(phone.page);
    await shot(phone.page, 'admin-11a-audit-phone');
    await phone.page.goto(`${t.hd.base}/admin?tab=users`);
    await phone.page.getByRole('combobox', { name: `Role of ${DEMO.alice.name}` }).waitFor();
    const users = await shifts(phone.page);
    expect(users.console, users.what.join('\n')).toBeLessThan(0.005);
    // The page itself never scrolls sideways; wide tables and the diagram scroll in their boxes.
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await checkA11y(phone.page);
    await shot(phone.page, 'admin-11b-users-phone');
  });

  it('threw no errors in any page', () => {
    expect(t.opened.flatMap((o) => o.errors)).toEqual([]);
  });
});
