/**
 * The system Chromium for the CLI's browser tests (`CHROMIUM_PATH`, else Debian's
 * `chromium`), headless; the tests skip, saying why, when there is none.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when a Chromium is installed where CHROMIUM points. */
export const HAS_CHROMIUM = existsSync(CHROMIUM);

if (!HAS_CHROMIUM) console.warn(`[ninefold CLI browser tests] no Chromium at ${CHROMIUM}: skipped.`);

/**
 * @example const browser = await launchChromium(); … await browser.close();
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}
