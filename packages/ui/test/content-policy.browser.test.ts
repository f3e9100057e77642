/**
 * The UI under its own Content-Security-Policy, in Chromium with the policy applied (the
 * other browser tests bypass it to inject axe-core): an agent and an admin go through the
 * pages that use the most — the early fetches and theme of index.html, realtime over the
 * WebSocket, a dialog, a toast, the board, the chart and the admin console's state
 * diagrams — and the browser reports no violation. An injected inline script does not run.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  DEMO,
  HAS_CHROMIUM,
  type HelpdeskServer,
  launchChromium,
  noticeIfNoChromium,
  openPage,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

/** Records every violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportViolation(t: string): void }).__reportViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

describe.skipIf(!HAS_CHROMIUM)('the Content-Security-Policy', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let ticketPath = '';

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    const customer = await apiAs(hd.base, DEMO.alice.email);
    const t = await customer.create('tickets', {
      subject: 'Policy check ticket',
      description: 'For the CSP test.',
    });
    ticketPath = `/tickets/${t.id}`;
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  it('lets an agent use the app with no violation', async () => {
    const { page, context } = await openPage(browser, { enforcePolicy: true });
    const violations = await watchViolations(page);
    await signIn(page, hd.base, DEMO.agent.email, ticketPath);
    await page.getByRole('heading', { level: 1, name: 'Policy check ticket' }).waitFor();
    // A dialog, the write, and the toast that follows (the toaster adds its own styles).
    await page.getByRole('button', { name: 'Triage' }).click();
    await page.getByRole('dialog', { name: 'Triage' }).getByRole('button', { name: 'Triage' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Ticket is now open.')
      .waitFor();
    await page.goto(`${hd.base}/tickets/board`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${hd.base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(`${hd.base}/tickets`);
    await page.getByRole('table').getByRole('link', { name: 'Policy check ticket' }).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('lets an admin use the console, state diagrams included, with no violation', async () => {
    const { page, context } = await openPage(browser, { enforcePolicy: true });
    const violations = await watchViolations(page);
    await signIn(page, hd.base, DEMO.admin.email, '/admin');
    await page.getByRole('tab', { name: 'State machines' }).click();
    await page.getByRole('img', { name: 'Tickets: the status state machine' }).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('refuses a script injected into the page', async () => {
    const { page, context } = await openPage(browser, { enforcePolicy: true });
    const violations = await watchViolations(page);
    await page.goto(`${hd.base}/login`);
    await page.getByLabel('Email').waitFor();
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true;';
      document.body.append(s);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    ).toBeUndefined();
    expect(violations.some((v) => /script-src/.test(v))).toBe(true);
    await context.close();
  });
});
