/**
 * The admin console in Chromium, on the helpdesk with its demo data: an admin changes a
 * customer's role (and that person's session ends at once), sets an agent's team, disables
 * an account (that person cannot sign in) and enables it again, renames and deletes teams,
 * reads the tickets' state diagram, the permission matrix, the error catalogue, the limits
 * with live quota and rate-limit usage and the audit log (filtered by entity, record, actor,
 * operation and day, and paged by cursor); every page passes axe-core with no serious or
 * critical violation, in light and dark; the tabs work from the keyboard; loading the console
 * shifts no layout. Screenshots go to packages/ui/test-results/admin-*.png. Skipped, with a
 * notice, when there is no Chromium.
 */
import type { Browser, Page } from 'playwright-core';
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
  PASSWORD,
  type Person,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

const RILEY: Person = { email: 'riley@test.example', name: 'Riley Rolechange', role: 'customer' };
const DANA: Person = { email: 'dana@test.example', name: 'Dana Disabled', role: 'customer' };

/** A day as a date input takes it, in the browser's (and this process's) time zone. */
const day = (offsetDays = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Records unexpected layout shifts (not caused by input) as CLS counts them: the total, and
 * the part moving something inside the console (what the console itself is answerable for;
 * the app frame around it is tested on its own).
 */
const TRACK_SHIFTS = () => {
  const w = window as unknown as { __shift: { all: number; console: number; what: string[] } };
  w.__shift = { all: 0, console: 0, what: [] };
  new PerformanceObserver((list) => {
    type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
    for (const e of list.getEntries() as unknown as Shift[]) {
      if (e.hadRecentInput) continue;
      w.__shift.all += e.value;
      const inside = e.sources.some((s) => s.node instanceof Element && s.node.closest('.admin-console'));
      if (!inside) continue;
      w.__shift.console += e.value;
      for (const src of e.sources) {
        const el = src.node instanceof Element ? src.node : null;
        const r = src as unknown as { previousRect: DOMRect; currentRect: DOMRect };
        w.__shift.what.push(
          `${el?.tagName}.${el?.className} ${e.value.toFixed(3)}: ` +
            `y ${Math.round(r.previousRect.y)}→${Math.round(r.currentRect.y)}, ` +
            `h ${Math.round(r.previousRect.height)}→${Math.round(r.currentRect.height)}`,
        );
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

const shifts = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __shift: { all: number; console: number; what: string[] } }).__shift,
  );

describe.skipIf(!HAS_CHROMIUM)('the admin console in Chromium', { timeout: 60_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let riley: OpenedPage;
  let admin: OpenedPage;
  let rileyId: string;
  const opened: OpenedPage[] = [];

  async function open(options: Parameters<typeof openPage>[1] = {}): Promise<OpenedPage> {
    const o = await openPage(browser, options);
    opened.push(o);
    return o;
  }

  /** Opens a tab by its name and waits for its heading. */
  async function tab(page: Page, name: string, heading = name): Promise<void> {
    await page.getByRole('tab', { name, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
  }

  const apiStatus = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).status, path);

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    rileyId = await hd.addUser(RILEY);
    await hd.addUser(DANA);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    for (const o of opened) await o.context.close().catch(() => {});
    await browser?.close();
    await hd?.close();
  });

  it('opens for an admin without shifting the layout, on the users tab', async () => {
    riley = await open();
    await signIn(riley.page, hd.base, RILEY.email);
    expect(await apiStatus(riley.page, '/api/auth/me')).toBe(200);

    admin = await open();
    await admin.context.addInitScript(TRACK_SHIFTS);
    await signIn(admin.page, hd.base, DEMO.admin.email);
    const { page } = admin;
    // Where an admin lands after signing in: the dashboard.
    await page.getByRole('heading', { level: 2, name: 'The queue' }).waitFor();
    await checkA11y(page);
    await shot(page, 'admin-00-dashboard');
    await page.goto(`${hd.base}/admin`);
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
    expect(await page.getByRole('combobox', { name: `Role of ${DEMO.admin.name}` }).isDisabled()).toBe(true);
    await checkA11y(page);
    await shot(page, 'admin-02-role-changed');
  });

  it("sets an agent's team from the users list, and a refusal says which rule", async () => {
    const { page } = admin;
    // Riley is an agent since the role change: one more for Support.
    const riley = page.getByRole('combobox', { name: `Team of ${RILEY.name}` });
    await riley.selectOption({ label: 'Support' });
    await page.getByText(`${RILEY.name} is now in Support.`).waitFor();
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
    const dana = await open();
    await signIn(dana.page, hd.base, DANA.email);
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
    await dana.page.goto(`${hd.base}/login`);
    await dana.page.getByLabel('Email').fill(DANA.email);
    await dana.page.getByLabel('Password').fill(PASSWORD);
    await dana.page.getByLabel('Password').press('Enter');
    await dana.page.getByText('The email or password is not correct.').waitFor();
    expect(new URL(dana.page.url()).pathname).toBe('/login');

    await enable.click();
    await page.getByText(`${DANA.name} is enabled again.`).waitFor();
    await page.getByRole('button', { name: `Disable the account of ${DANA.name}` }).waitFor();
    await signIn(dana.page, hd.base, DANA.email);
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
    await tab(page, 'Teams');
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
    await tab(page, 'Users and roles');
    await expect
      .poll(() => page.getByRole('combobox', { name: `Team of ${RILEY.name}` }).inputValue())
      .toBe('');
    await tab(page, 'Teams');
  });

  it("shows every entity's schema: fields, types, rules and references", async () => {
    const { page } = admin;
    await tab(page, 'Schema');
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
    await tab(page, 'State machines');
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
    await tab(page, 'Permissions');
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
    await tab(page, 'Error catalogue');
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
    await tab(page, 'Constants and limits');
    await page.getByRole('rowheader', { name: 'MAX_OPEN_TICKETS_PER_CUSTOMER' }).waitFor();
    const quota = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^openTickets/ }) });
    await quota.getByText(/\d+ at the limit/).waitFor();
    expect(await quota.textContent()).toContain('Does not apply to you');
    expect(await page.getByText('at most 256 KiB').count()).toBe(1);
    // Rate limits with this process's usage: a failed sign-in for a new email is one more
    // caller counted, once the usage is refreshed.
    const rate = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^failedLogins/ }) });
    const counted = async () =>
      Number(/(\d+) callers? counted/.exec((await rate.textContent()) ?? '')?.[1] ?? -1);
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

  it('shows the audit log, filtered by entity down to the role change, and paged by cursor', async () => {
    const { page } = admin;
    await tab(page, 'Audit log');
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

  it('passes axe in the dark theme too, and fits a phone', async () => {
    const dark = await open({ colorScheme: 'dark' });
    await signIn(dark.page, hd.base, DEMO.admin.email);
    await dark.page.goto(`${hd.base}/admin?tab=states`);
    await dark.page.getByRole('img', { name: 'Tickets: the status state machine' }).waitFor();
    await checkA11y(dark.page);
    await shot(dark.page, 'admin-10-states-dark');
    await dark.page.goto(`${hd.base}/admin?tab=permissions`);
    await dark.page.getByRole('table', { name: 'Tickets', exact: true }).waitFor();
    await checkA11y(dark.page);

    const phone = await open({ width: 390, height: 844 });
    await phone.context.addInitScript(TRACK_SHIFTS);
    await signIn(phone.page, hd.base, DEMO.admin.email);
    await phone.page.goto(`${hd.base}/admin?tab=audit`);
    await phone.page.getByRole('status').getByText('Showing 25 entries.').waitFor();
    const audit = await shifts(phone.page);
    expect(audit.console, audit.what.join('\n')).toBeLessThan(0.005);
    await checkA11y(phone.page);
    await shot(phone.page, 'admin-11a-audit-phone');
    await phone.page.goto(`${hd.base}/admin?tab=users`);
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

  it('is not there for anyone but an admin', async () => {
    const agent = await open();
    await signIn(agent.page, hd.base, DEMO.agent.email);
    await agent.page.goto(`${hd.base}/admin`);
    await agent.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await agent.page.getByRole('tablist', { name: 'Admin sections' }).count()).toBe(0);
    await checkA11y(agent.page);
    await shot(agent.page, 'admin-12-refused-agent');
  });

  it('threw no errors in any page', () => {
    expect(opened.flatMap((o) => o.errors)).toEqual([]);
  });
});
