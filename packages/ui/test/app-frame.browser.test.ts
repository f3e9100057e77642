/**
 * The frame around the pages, in Chromium: routes and navigation per role, deep links that
 * survive a reload, a proper not-found page, sign-in that brings you back, the list's
 * filters, search, sorting and paging in the URL, the theme switch and the dark theme the
 * system asks for, a 375 px wide phone, and how little JavaScript the sign-in page loads.
 * axe-core on every page, in both themes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  checkA11y,
  DEMO,
  DIST,
  HAS_CHROMIUM,
  type HelpdeskServer,
  launchChromium,
  noticeIfNoChromium,
  openPage,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

const LOGIN_BUDGET = 150 * 1024;
// Chunks of pages the sign-in page must not pull in (the table, the board, the charts).
const HEAVY = /(list-page|data-table|board-page|stats-chart|transition-dialog|admin-console)/;

/**
 * Waits until the page does not scroll sideways: its scrolling box is no wider than the
 * window. Polled, as everything read after an action is: a page can still be laying out.
 */
async function noSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** Waits until a control lies wholly inside the window's width, once scrolled to. */
async function withinWidth(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const width = await control.page().evaluate(() => window.innerWidth);
  await expect
    .poll(async () => {
      const box = await control.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= width;
    })
    .toBe(true);
}

/** Waits until the page is drawn in the dark colours (the stylesheet's, not the browser's). */
async function inDarkTheme(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme))
    .toBe('dark');
}

describe.skipIf(!HAS_CHROMIUM)('routes, navigation and the frame', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    // Enough tickets for two pages (admins may file them; quotas are for customers).
    const admin = await apiAs(hd.base, DEMO.admin.email);
    for (let i = 1; i <= 20; i++) {
      await admin.create('tickets', {
        subject: `Paging ticket ${String(i).padStart(2, '0')}`,
        description: 'Filler.',
      });
    }
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  it('loads little JavaScript for /login, and none of the heavy pages', async () => {
    const { page, context } = await openPage(browser);
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${hd.base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const gz = scripts.map((p) => gzipSync(readFileSync(join(DIST, p))).length);
    const total = gz.reduce((a, b) => a + b, 0);
    console.info(`[bundle] /login loads ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(LOGIN_BUDGET);
    expect(scripts.filter((s) => HEAVY.test(s))).toEqual([]);
    await context.close();
  });

  it('lets a visitor read the knowledge base, and deep links survive a reload', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${hd.base}/articles`);
    await page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Knowledge base']);
    await page.getByRole('table').getByRole('link').first().click();
    await page.locator('.detail-page').waitFor();
    const url = page.url();
    await checkA11y(page);
    await shot(page, '40-article-anonymous');
    await page.reload();
    await page.locator('.detail-page').waitFor();
    expect(page.url()).toBe(url);
    expect(errors).toEqual([]);
  });

  it('answers an unknown address, or a record that is not there, with a not-found page', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${hd.base}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await checkA11y(page);
    await shot(page, '41-not-found');
    await signIn(page, hd.base, DEMO.alice.email, '/tickets/01900000-0000-7000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'No such ticket' }).waitFor();
    await checkA11y(page);
  });

  it('brings a signed-out visitor back to the deep link after signing in', async () => {
    const agent = await apiAs(hd.base, DEMO.agent.email);
    const [t] = (await agent.list('tickets', { where: { status: 'open' }, limit: 1 })).items;
    const { page } = await openPage(browser);
    await page.goto(`${hd.base}/tickets/${t!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(DEMO.agent.email);
    await page.getByLabel('Password').fill('demo-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: t!.subject }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/tickets/${t!.id}`);
    await checkA11y(page);
  });

  it('gives each role its own navigation, and tells a customer the board is not theirs', async () => {
    const { page } = await openPage(browser);
    await signIn(page, hd.base, DEMO.alice.email);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Tickets', 'Knowledge base']);
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await page
      .getByRole('region', { name: /^My open tickets/ })
      .getByRole('listitem')
      .first()
      .waitFor();
    await checkA11y(page);
    await shot(page, '42-dashboard-customer');
    await page.goto(`${hd.base}/tickets/board`);
    await page.getByRole('heading', { level: 1, name: 'Not available to you' }).waitFor();
    await checkA11y(page);
    await shot(page, '45-not-available');

    const admin = await openPage(browser);
    await signIn(admin.page, hd.base, DEMO.admin.email);
    const adminNav = admin.page.getByRole('navigation', { name: 'Main' });
    expect(await adminNav.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Tickets',
      'Board',
      'Knowledge base',
      'Admin',
    ]);
    await adminNav.getByRole('link', { name: 'Admin' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
  });

  it('filters, searches, sorts and pages the ticket list, all in the URL', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, hd.base, DEMO.agent.email, '/tickets');
    const table = page.getByRole('table', { name: 'Tickets' });
    await table.getByRole('row').nth(25).waitFor();
    expect(await table.getByRole('row').count()).toBe(26);
    const firstSubject = () => table.locator('tbody tr:first-child td:first-child').textContent();
    const pageOneFirst = await firstSubject();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2').waitFor();
    await expect.poll(firstSubject).not.toBe(pageOneFirst);
    const pageTwoFirst = await firstSubject();
    // A reload keeps the page's place: its number, its rows, and the way back (a regression:
    // it once read "A later page", and Previous jumped to the start).
    await page.reload();
    await page.getByText('Page 2').waitFor();
    await expect.poll(firstSubject).toBe(pageTwoFirst);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1').waitFor();
    await expect.poll(firstSubject).toBe(pageOneFirst);

    await page.getByLabel('Status').selectOption('open');
    await page.waitForURL(/status=open/);
    // Polled, not read once: the URL changes at once, the rows when the new page arrives (a
    // single read after the URL raced, and failed now and then).
    const statuses = async () => [...new Set(await table.locator('tbody td:nth-child(2)').allTextContents())];
    await expect.poll(statuses).toEqual(['Open']);

    await page.getByLabel('Search tickets').fill('export');
    await page.waitForURL(/q=export/);
    await table.getByRole('row').filter({ hasText: 'Cannot export reports to CSV' }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);

    await page.getByLabel('Search tickets').fill('');
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('button', { name: 'Subject' }).click();
    await page.waitForURL(/sort=subject/);
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Subject' }).getAttribute('aria-sort'))
      .toBe('ascending');
    await table.getByRole('row').nth(1).filter({ hasText: 'API returns 500' }).waitFor();
    await checkA11y(page);
    await shot(page, '43-ticket-list-sorted');
    // The same view after a reload: the state is in the URL.
    await page.reload();
    await table.getByRole('row').nth(1).filter({ hasText: 'API returns 500' }).waitFor();
    await page.getByLabel('Status').selectOption('closed');
    await page.getByLabel('Search tickets').fill('nothing matches this');
    await page.getByText('No tickets match these filters.').waitFor();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await table.getByRole('row').nth(25).waitFor();
    expect(errors).toEqual([]);
  });

  it('switches to the dark theme and keeps it across a reload', async () => {
    const { page } = await openPage(browser);
    await signIn(page, hd.base, DEMO.agent.email);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page
      .getByRole('region', { name: 'Open tickets by priority' })
      .locator('figure figcaption')
      .waitFor();
    await checkA11y(page);
    await shot(page, '44-dashboard-agent-dark');
  });

  it('follows a dark system setting, readable on sign-in, the list, the board and the new-ticket form', async () => {
    // Nothing picked in this browser: the app takes the system's prefers-color-scheme, as a
    // person whose system is dark meets it.
    const visitor = await openPage(browser, { colorScheme: 'dark' });
    await visitor.page.goto(`${hd.base}/login`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await inDarkTheme(visitor.page);
    await checkA11y(visitor.page);
    await shot(visitor.page, '46-login-dark');
    // A refused sign-in draws the error colours too.
    await visitor.page.getByLabel('Email').fill('nobody@test.example');
    await visitor.page.getByLabel('Password').fill('not-the-password');
    await visitor.page.getByRole('button', { name: 'Sign in' }).click();
    await visitor.page.getByRole('alert').first().waitFor();
    await checkA11y(visitor.page);

    const agent = await openPage(browser, { colorScheme: 'dark' });
    await signIn(agent.page, hd.base, DEMO.agent.email, '/tickets');
    await expect
      .poll(() => agent.page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed'))
      .toBe('true');
    await agent.page.getByRole('table', { name: 'Tickets' }).getByRole('row').nth(25).waitFor();
    await inDarkTheme(agent.page);
    await checkA11y(agent.page);
    await shot(agent.page, '47-ticket-list-dark');
    await agent.page.getByRole('link', { name: 'Board', exact: true }).click();
    await agent.page
      .getByRole('region', { name: /^New\b/ })
      .getByRole('listitem')
      .first()
      .waitFor();
    await checkA11y(agent.page);
    await shot(agent.page, '48-board-dark');

    const customer = await openPage(browser, { colorScheme: 'dark' });
    await signIn(customer.page, hd.base, DEMO.alice.email, '/tickets/new');
    await customer.page.getByRole('heading', { level: 1, name: 'New ticket' }).waitFor();
    await customer.page.getByText(/of 5 open tickets/).waitFor();
    await inDarkTheme(customer.page);
    await checkA11y(customer.page);
    await shot(customer.page, '49-new-ticket-dark');
    await customer.page.getByRole('button', { name: 'Create ticket' }).click();
    await customer.page.getByText('Subject is required.').waitFor();
    await checkA11y(customer.page);
    await shot(customer.page, '49-new-ticket-errors-dark');
    expect([...visitor.errors, ...agent.errors, ...customer.errors]).toEqual([]);
    await Promise.all([visitor.context.close(), agent.context.close(), customer.context.close()]);
  });

  it('fits a 375 px phone: no sideways scrolling of the page', async () => {
    const noOverflow = noSidewaysScroll;
    const customer = await openPage(browser, { width: 375, height: 812 });
    await signIn(customer.page, hd.base, DEMO.alice.email);
    await customer.page
      .getByRole('region', { name: /^My open tickets/ })
      .getByRole('listitem')
      .first()
      .waitFor();
    await noOverflow(customer.page);
    await checkA11y(customer.page);
    await shot(customer.page, '50-mobile-dashboard');
    await customer.page.getByRole('link', { name: 'Tickets', exact: true }).click();
    await customer.page.getByRole('table').getByRole('link').first().waitFor();
    await noOverflow(customer.page);
    await checkA11y(customer.page);
    await shot(customer.page, '51-mobile-ticket-list');
    await customer.page.getByRole('table').getByRole('link').first().click();
    await customer.page.getByRole('heading', { name: 'Conversation' }).waitFor();
    await noOverflow(customer.page);
    await checkA11y(customer.page);
    await shot(customer.page, '52-mobile-ticket');

    const agent = await openPage(browser, { width: 375, height: 812 });
    await signIn(agent.page, hd.base, DEMO.agent.email, '/tickets/board');
    await agent.page
      .getByRole('region', { name: /^New\b/ })
      .getByRole('listitem')
      .first()
      .waitFor();
    // The board scrolls sideways inside itself; the page does not.
    await noOverflow(agent.page);
    await checkA11y(agent.page);
    await shot(agent.page, '53-mobile-board');
  });

  it('signs in and files a ticket on a 375 px phone, every control in reach', async () => {
    const { page, errors } = await openPage(browser, { width: 375, height: 812 });
    await page.goto(`${hd.base}/login?next=${encodeURIComponent('/tickets/new')}`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await noSidewaysScroll(page);
    for (const control of [
      page.getByLabel('Email'),
      page.getByLabel('Password'),
      page.getByRole('button', { name: 'Sign in' }),
      page.getByRole('link', { name: 'Create an account' }),
    ]) {
      await withinWidth(control);
    }
    await checkA11y(page);
    await shot(page, '54-mobile-login');
    // In reach is not enough: they are used, with taps, the way a phone is.
    await page.getByLabel('Email').fill(DEMO.bob.email);
    await page.getByLabel('Password').fill('demo-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'New ticket' }).waitFor();
    await page.getByText(/of 5 open tickets/).waitFor();
    await noSidewaysScroll(page);
    const controls = [
      page.getByLabel('Subject'),
      page.getByLabel('Description'),
      page.getByLabel('Priority'),
      page.getByLabel('Category'),
      page.getByRole('button', { name: 'Create ticket' }),
    ];
    for (const control of controls) await withinWidth(control);
    await checkA11y(page);
    await shot(page, '55-mobile-new-ticket');
    // The errors, each under its field, must not push the page sideways either.
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await page.getByText('Description is required.').waitFor();
    await noSidewaysScroll(page);
    await checkA11y(page);
    await page.getByLabel('Subject').fill('Phone: the app logs me out');
    await page.getByLabel('Description').fill('Every time the screen locks.');
    await page.getByLabel('Category').selectOption('account');
    await page.getByRole('button', { name: 'Create ticket' }).click();
    await page.getByRole('heading', { level: 1, name: 'Phone: the app logs me out' }).waitFor();
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
  });

  it('starts every page with a skip link to the content', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${hd.base}/articles`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  });
});
