/**
 * How a page starts, in Chromium on a phone-sized screen: the meta (compressed, revalidated by
 * ETag on the next visit) and the session are asked for once each, by index.html, and the app
 * takes those answers; the first render
 * is the page itself — a list's rows included, never its placeholders — and nothing on the
 * page moves once drawn (no layout shift).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

/** Records, from before the page's first script, the placeholders shown and the layout shifts. */
function watchStart(page: Page) {
  return page.addInitScript(() => {
    const seen = { placeholders: [] as string[], shift: 0 };
    (window as unknown as { __start: typeof seen }).__start = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.page-skeleton, .skeleton-row')) {
        if (!seen.placeholders.includes(el.className)) seen.placeholders.push(el.className);
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) seen.shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The API calls the page made, by path, and how /api/meta came. */
function countApiCalls(page: Page) {
  const calls: Record<string, number> = {};
  const meta: { status?: number; encoding?: string; etag?: string } = {};
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) calls[pathname] = (calls[pathname] ?? 0) + 1;
  });
  page.on('response', async (r) => {
    if (new URL(r.url()).pathname !== '/api/meta') return;
    const headers = await r.allHeaders();
    Object.assign(meta, { status: r.status(), encoding: headers['content-encoding'], etag: headers.etag });
  });
  return { calls, meta };
}

describe.skipIf(!HAS_CHROMIUM)('the start-up', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  it('draws /tickets with its rows at once, from one ask each for the meta and the session', async () => {
    const { page, context, errors } = await openPage(browser, { width: 412, height: 823 });
    await signIn(page, hd.base, DEMO.agent.email, '/tickets');
    await watchStart(page);
    const { calls, meta } = countApiCalls(page);
    await page.goto(`${hd.base}/tickets`, { waitUntil: 'networkidle' });
    await page.getByRole('table').getByRole('link').first().waitFor();

    expect(calls['/api/meta']).toBe(1);
    expect(calls['/api/auth/me']).toBe(1);
    expect(calls['/api/entities/tickets']).toBe(1);
    // The brotli copy, which the browser kept from the sign-in page and revalidated by its ETag.
    expect(meta.etag).toMatch(/-br"$/);
    const seen = await page.evaluate(() => (window as unknown as { __start: unknown }).__start);
    expect(seen).toMatchObject({ placeholders: [] });
    expect((seen as { shift: number }).shift).toBeLessThan(0.01);
    // The header is drawn once, with the navigation of who is signed in.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Board', exact: true })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws /login for a visitor from the same two asks, and a visitor sent there from /tickets', async () => {
    const { page, context, errors } = await openPage(browser, { width: 412, height: 823 });
    await watchStart(page);
    const { calls, meta } = countApiCalls(page);
    await page.goto(`${hd.base}/tickets`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(calls).toEqual({ '/api/meta': 1, '/api/auth/me': 1 });
    // A first visit downloads the meta, compressed.
    expect(meta).toMatchObject({ status: 200, encoding: 'br' });
    const seen = await page.evaluate(() => (window as unknown as { __start: unknown }).__start);
    expect(seen).toMatchObject({ placeholders: [] });
    expect((seen as { shift: number }).shift).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await context.close();
  });
});
