/**
 * The admin console's views of the spec in Chromium, on the helpdesk with its demo data:
 * every entity's schema, the tickets' state diagram, the permission matrix, the error
 * catalogue, and the constants and limits with live quota and rate-limit usage; every page
 * passes axe-core with no serious or critical violation, and the diagram and the matrix in
 * the dark theme too. Screenshots go to packages/ui/test-results/admin-*.png. Skipped, with a
 * notice, when there is no Chromium. People and teams are walked in admin-people, the audit
 * log in admin-audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminConsoleTest,
  checkA11y,
  DEMO,
  HAS_CHROMIUM,
  noticeIfNoChromium,
  type OpenedPage,
  openTab,
  shot,
  signIn,
} from './support';

noticeIfNoChromium();

describe.skipIf(!HAS_CHROMIUM)("the admin console's spec views in Chromium", { timeout: 60_000 }, () => {
  const t = adminConsoleTest();
  let admin: OpenedPage;

  beforeAll(async () => {
    await t.start();
    // failedLogins counts per email and per address: with this address counted already, the
    // limits test's own failed sign-in adds one caller (its new email), not two.
    const refused = await fetch(`${t.hd.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.bob.email, password: 'wrong-password' }),
    });
    if (refused.status !== 401) throw new Error(`a wrong password got ${refused.status}`);
    admin = await t.openConsole();
  }, 240_000);
  afterAll(t.stop);

  it("shows every entity's schema: fields, types, rules and references", async () => {
    const { page } = admin;
    await openTab(page, 'Schema');
    const fields = page.getByRole('table', { name: 'Fields of Tickets' });
    const subject = fields
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Subject/ }) });
    expect(await subject.textContent()).toContain('5–120 characters');
    const assignee = fields
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Assignee/ }) });
    expect(await assignee.textContent()).toContain('users where role is agent (else ASSIGNEE_NOT_AGENT)');
    await checkA11y(page);
    await shot(page, 'admin-04-schema');
  });

  it('draws the tickets state machine as an accessible SVG laid out by dagre', async () => {
    const { page } = admin;
    await openTab(page, 'State machines');
    const diagram = page.getByRole('img', { name: 'Tickets: the status state machine' });
    await diagram.waitFor();
    expect(await diagram.locator('[data-state]').count()).toBe(6);
    expect(await diagram.locator('[data-state].is-initial').getAttribute('data-state')).toBe('new');
    const finals = await diagram
      .locator('[data-state].is-final')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(finals.sort()).toEqual(['cancelled', 'closed']);
    // One arrow per transition and state it leaves from: resolve and withdraw leave from two.
    expect(await diagram.locator('[data-transition]').count()).toBe(9);
    expect(await diagram.locator('text').allTextContents()).toEqual(
      expect.arrayContaining(['Wait for customer', 'Agent, Admin']),
    );
    // Every box lies inside the drawing.
    const inside = await diagram.evaluate((svg) => {
      const box = (svg as SVGSVGElement).viewBox.baseVal;
      return [...svg.querySelectorAll('[data-state] rect')].every((r) => {
        const b = (r as SVGRectElement).getBBox();
        return b.x >= 0 && b.y >= 0 && b.x + b.width <= box.width && b.y + b.height <= box.height;
      });
    });
    expect(inside).toBe(true);
    const table = page.getByRole('table', { name: 'Transitions of Tickets' });
    expect(await table.getByRole('row').filter({ hasText: 'Reopen' }).textContent()).toContain(
      'REOPEN_WINDOW_EXPIRED',
    );
    await checkA11y(page);
    await shot(page, 'admin-05-states');
  });

  it('shows the permission matrix with the rule in words', async () => {
    const { page } = admin;
    await openTab(page, 'Permissions');
    const tickets = page.getByRole('table', { name: 'Tickets', exact: true });
    const headers = await tickets.locator('thead th').allTextContents();
    const cell = async (role: string, op: string) =>
      tickets
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: role, exact: true }) })
        .getByRole('cell')
        .nth(headers.indexOf(op) - 1)
        .textContent();
    expect(await cell('Customer', 'Delete')).toContain('never');
    expect(await cell('Customer', 'Read')).toContain('the caller is the requester');
    expect(await cell('Admin', 'Delete')).toContain('always');
    const transitions = page.getByRole('table', { name: 'Tickets: transitions' });
    const customerMoves = transitions
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Customer', exact: true }) });
    expect(await customerMoves.textContent()).toContain('never');
    await page.getByRole('table', { name: 'Actions' }).waitFor();
    await checkA11y(page);
    await shot(page, 'admin-06-permissions');
  });

  it('shows the error catalogue: code, status, message template and its parameters', async () => {
    const { page } = admin;
    await openTab(page, 'Error catalogue');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'OPEN_TICKET_LIMIT' }) });
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells).toEqual(['409', 'You can have at most {max} open tickets.', 'max']);
    await page.getByRole('rowheader', { name: 'VERSION_MISMATCH' }).waitFor();
    await checkA11y(page);
    await shot(page, 'admin-07-errors');
  });

  it('shows constants and limits, with how many customers are at their open-ticket limit', async () => {
    const { page } = admin;
    await openTab(page, 'Constants and limits');
    await page.getByRole('rowheader', { name: 'MAX_OPEN_TICKETS_PER_CUSTOMER' }).waitFor();
    const quota = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^openTickets/ }) });
    await quota.getByText(/\d+ at the limit/).waitFor();
    expect(await quota.textContent()).toContain('Does not apply to you');
    expect(await page.getByText('at most 256 KiB').count()).toBe(1);
    // Rate limits with this process's usage: a failed sign-in for a new email is one more key
    // counted (its address is counted already), once the usage is refreshed.
    const rate = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^failedLogins/ }) });
    const counted = async () =>
      Number(/(\d+) keys? counted/.exec((await rate.textContent()) ?? '')?.[1] ?? -1);
    await expect.poll(counted).toBeGreaterThanOrEqual(0);
    const before = await counted();
    const failed = await page.evaluate(
      async () =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'nobody-at-all@test.example', password: 'wrong-password' }),
          })
        ).status,
    );
    expect(failed).toBe(401);
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect.poll(counted).toBe(before + 1);
    await page
      .getByText(/this server process/)
      .first()
      .waitFor();
    await page.getByRole('rowheader', { name: /^signUps/ }).waitFor();
    await checkA11y(page);
    await shot(page, 'admin-08-limits');
  });

  it('passes axe in the dark theme too', async () => {
    const dark = await t.open({ colorScheme: 'dark' });
    await signIn(dark.page, t.hd.base, DEMO.admin.email);
    await dark.page.goto(`${t.hd.base}/admin?tab=states`);
    await dark.page.getByRole('img', { name: 'Tickets: the status state machine' }).waitFor();
    await checkA11y(dark.page);
    await shot(dark.page, 'admin-10-states-dark');
    await dark.page.goto(`${t.hd.base}/admin?tab=permissions`);
    await dark.page.getByRole('table', { name: 'Tickets', exact: true }).waitFor();
    await checkA11y(dark.page);
  });

  it('threw no errors in any page', () => {
    expect(t.opened.flatMap((o) => o.errors)).toEqual([]);
  });
});
