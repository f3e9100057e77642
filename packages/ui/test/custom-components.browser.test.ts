/**
 * The helpdesk's own components in the generated UI: the "SLA at risk" widget that replaces
 * the generated one on the agents' dashboard, and the "My workload" page the helpdesk adds
 * for agents. Both show real data and follow other people's changes live; the page is in
 * the agents' navigation only and refused to others like a generated screen; neither is
 * in the JavaScript the sign-in page loads.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  checkA11y,
  DEMO,
  HAS_CHROMIUM,
  type HelpdeskClient,
  type HelpdeskServer,
  launchChromium,
  noticeIfNoChromium,
  type OpenedPage,
  openPage,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

// The helpdesk's lazily loaded chunks, by the names of their source files.
const HELPDESK_CHUNKS = /\/(sla-at-risk-widget|my-workload-page)-[\w-]+\.js$/;

describe.skipIf(!HAS_CHROMIUM)("the helpdesk's own widget and page", { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let agent: OpenedPage;
  let cara: HelpdeskClient;
  let tom: HelpdeskClient;
  let quinnId = '';
  const stamp = Date.now();
  const quinn = { email: `quinn-${stamp}@test.example`, name: 'Quinn Agent', role: 'agent' } as const;
  const customer = { email: `cara-${stamp}@test.example`, name: 'Cara Customer', role: 'customer' } as const;
  const scripts: string[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true, users: [customer] });
    quinnId = await hd.addUser(quinn);
    cara = await apiAs(hd.base, customer.email);
    tom = await apiAs(hd.base, DEMO.agent2.email);
    browser = await launchChromium();
    agent = await openPage(browser);
    agent.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  const file = async (subject: string, priority: 'low' | 'urgent') => {
    const t = await cara.create('tickets', { subject, description: 'Filed by the test.', priority });
    ids[subject] = t.id;
    return t.id;
  };
  const item = (list: Locator, subject: string) => list.getByRole('listitem').filter({ hasText: subject });
  const stat = (page: Page, label: string) =>
    page
      .locator('.workload-stat')
      .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition');

  it('keeps the widget and the page out of the sign-in page, and loads them when needed', async () => {
    const page = agent.page;
    await page.goto(`${hd.base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(scripts.filter((s) => HELPDESK_CHUNKS.test(s))).toEqual([]);
    await signIn(page, hd.base, quinn.email);
    await page
      .getByRole('region', { name: /^SLA at risk/ })
      .getByText(/due within 8 hours/)
      .waitFor();
    await expect.poll(() => scripts.filter((s) => /sla-at-risk-widget-/.test(s)).length).toBe(1);
    expect(scripts.filter((s) => /my-workload-page-/.test(s))).toEqual([]);
  });

  it('shows agents only the tickets about to miss their SLA, live', async () => {
    const page = agent.page;
    const atRisk = page.getByRole('region', { name: /^SLA at risk/ });
    const queue = page.getByRole('region', { name: /^The queue/ });
    await file('Checkout is down for everyone', 'urgent');
    await file('Typo on the pricing page', 'low');
    // Both are new, so both are in the generated queue; only the urgent one (due in 4 h) is
    // at risk, and the widget says whose it is and how long is left.
    await item(queue, 'Typo on the pricing page').waitFor();
    const urgent = item(atRisk, 'Checkout is down for everyone');
    await urgent.waitFor();
    await urgent.getByText('Unassigned').waitFor();
    await urgent.getByText(/due in (3|4) h/).waitFor();
    await expect.poll(() => item(atRisk, 'Typo on the pricing page').count()).toBe(0);
    await checkA11y(page);
    await shot(page, 'custom-01-dashboard-sla-at-risk');

    // Another agent triages it to Quinn: the widget shows the new owner.
    await tom.transition('tickets', ids['Checkout is down for everyone']!, 'triage', { assignee: quinnId });
    await urgent.getByText(quinn.name).waitFor();
    // Waiting for the customer, the clock stops: it leaves the widget.
    await tom.transition('tickets', ids['Checkout is down for everyone']!, 'await', {});
    await urgent.waitFor({ state: 'detached' });
  });

  it("adds the agent's own workload page to their navigation, with live numbers", async () => {
    const page = agent.page;
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Tickets',
      'Board',
      'Knowledge base',
      'My workload',
    ]);
    await nav.getByRole('link', { name: 'My workload' }).click();
    await page.getByRole('heading', { level: 1, name: 'My workload' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/workload');
    const mine = page.getByRole('region', { name: /^Your move/ });
    const waiting = page.getByRole('region', { name: /^Waiting for the customer/ });
    // The ticket Tom gave Quinn, now pending.
    await item(waiting, 'Checkout is down for everyone').waitFor();
    await stat(page, 'Waiting for the customer').getByText('1', { exact: true }).waitFor();
    await stat(page, 'Owe an answer').getByText('0', { exact: true }).waitFor();
    await mine.getByText('Nothing assigned to you needs an answer.').waitFor();

    // The customer answers: it is Quinn's move again, due within hours.
    await cara.transition('tickets', ids['Checkout is down for everyone']!, 'respond', {});
    await item(mine, 'Checkout is down for everyone').waitFor();
    await stat(page, 'Owe an answer').getByText('1', { exact: true }).waitFor();
    await stat(page, 'Due within 8 h').getByText('1', { exact: true }).waitFor();
    await stat(page, 'Waiting for the customer').getByText('0', { exact: true }).waitFor();

    // Another ticket is given to Quinn, and one is resolved by someone else.
    const typo = ids['Typo on the pricing page']!;
    await tom.transition('tickets', typo, 'triage', { assignee: quinnId });
    await item(mine, 'Typo on the pricing page').waitFor();
    await stat(page, 'Owe an answer').getByText('2', { exact: true }).waitFor();
    await checkA11y(page);
    await shot(page, 'custom-02-my-workload');
    await tom.transition('tickets', typo, 'resolve', { resolution: 'Fixed the typo.' });
    await item(mine, 'Typo on the pricing page').waitFor({ state: 'detached' });
    await stat(page, 'Owe an answer').getByText('1', { exact: true }).waitFor();

    // A deep link to it survives a reload, drawn by the same gate as generated pages.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My workload' }).waitFor();
    await item(mine, 'Checkout is down for everyone').waitFor();
  });

  it('fits a phone in the dark theme, both the widget and the page', async () => {
    const phone = await openPage(browser, { width: 375, height: 800, colorScheme: 'dark' });
    await signIn(phone.page, hd.base, quinn.email);
    const widget = phone.page.getByRole('region', { name: /SLA at risk/ });
    await item(widget, 'Checkout is down for everyone').waitFor();
    const fits = () => phone.page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await checkA11y(phone.page);
    await shot(phone.page, 'custom-04-dashboard-phone-dark');
    await phone.page.goto(`${hd.base}/workload`);
    await item(
      phone.page.getByRole('region', { name: /Your move/ }),
      'Checkout is down for everyone',
    ).waitFor();
    expect(await fits()).toBe(true);
    await checkA11y(phone.page);
    await shot(phone.page, 'custom-05-my-workload-phone-dark');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });

  it('keeps the page from customers and admins, and sends a visitor to sign in', async () => {
    const alice = await openPage(browser);
    await signIn(alice.page, hd.base, DEMO.alice.email);
    const nav = alice.page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Tickets', 'Knowledge base']);
    // A customer's dashboard has no agent widgets, replaced or not.
    await alice.page.getByRole('region', { name: /^My open tickets/ }).waitFor();
    expect(await alice.page.getByRole('region', { name: /^SLA at risk/ }).count()).toBe(0);
    await alice.page.goto(`${hd.base}/workload`);
    await alice.page.getByRole('heading', { level: 1, name: 'Not available to you' }).waitFor();
    await checkA11y(alice.page);
    await shot(alice.page, 'custom-03-workload-customer');

    const admin = await openPage(browser);
    await signIn(admin.page, hd.base, DEMO.admin.email);
    const adminNav = admin.page.getByRole('navigation', { name: 'Main' });
    await adminNav.getByRole('link', { name: 'Admin' }).waitFor();
    expect(await adminNav.getByRole('link', { name: 'My workload' }).count()).toBe(0);

    const visitor = await openPage(browser);
    await visitor.page.goto(`${hd.base}/workload`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(visitor.page.url()).search).toBe('?next=%2Fworkload');
    expect([...alice.errors, ...admin.errors, ...visitor.errors]).toEqual([]);
    await Promise.all([alice.context.close(), admin.context.close(), visitor.context.close()]);
  });

  it('threw no errors', () => {
    expect(agent.errors).toEqual([]);
  });
});
