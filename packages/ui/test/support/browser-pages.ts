/**
 * Pages in the browser as a test drives them: a fresh context per person (its own cookie),
 * page errors collected, sign-in through the form, and screenshots in test-results/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UI_DIR } from './build-ui';
import { PASSWORD } from './helpdesk-server';

/** packages/ui/test-results, where screenshots go. */
export const SHOTS = join(UI_DIR, 'test-results');

export interface OpenedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Uncaught errors and console errors of the page, for a final "no errors" check. */
  readonly errors: string[];
}

/**
 * A page in a new browser context (so each person has their own session cookie).
 * @example const { page, errors } = await openPage(browser, { colorScheme: 'dark' });
 */
export async function openPage(
  browser: Browser,
  options: {
    colorScheme?: 'light' | 'dark';
    width?: number;
    height?: number;
    /**
     * Apply the app's Content-Security-Policy (default: bypassed, because `checkA11y` injects
     * axe-core as a script tag, which the policy refuses as it should). The policy itself is
     * tested with it applied, in content-policy.browser.test.ts.
     */
    enforcePolicy?: boolean;
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    bypassCSP: !options.enforcePolicy,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context, errors };
}

/**
 * Signs in through the form at /login (the way a person does) and waits for the page the
 * app goes to next: `next` when given, else the dashboard.
 * @example await signIn(page, hd.base, 'agent@helpdesk.test');
 */
export async function signIn(page: Page, base: string, email: string, next?: string): Promise<void> {
  await page.goto(`${base}${next ? `/login?next=${encodeURIComponent(next)}` : '/login'}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/**
 * Saves a full-page screenshot as test-results/<name>.png.
 * @example await shot(page, '03-ticket-list');
 */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}
