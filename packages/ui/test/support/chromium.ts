/**
 * The system Chromium for browser tests: where it is, whether it is there (tests skip with a
 * plain notice when it is not), and a launch with the flags a headless CI box needs.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** `CHROMIUM_PATH`, else Debian's `chromium` package. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when a Chromium is installed where CHROMIUM points. */
export const HAS_CHROMIUM = existsSync(CHROMIUM);

let noticed = false;

/**
 * Prints, once per test file, that browser tests are skipped and why. Call it at the top of
 * a test file; pair it with `describe.skipIf(!HAS_CHROMIUM)`.
 * @example noticeIfNoChromium(); describe.skipIf(!HAS_CHROMIUM)('…', () => { … });
 */
export function noticeIfNoChromium(): void {
  if (HAS_CHROMIUM || noticed) return;
  noticed = true;
  console.warn(
    `[ninefold browser tests] no Chromium at ${CHROMIUM}: the browser tests are skipped. ` +
      'Install Debian\'s "chromium" package or set CHROMIUM_PATH.',
  );
}

/**
 * Launches the system Chromium headless.
 * @example const browser = await launchChromium(); … await browser.close();
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--headless=new',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * The operating-system process id of a launched browser, asked of the browser itself over
 * CDP (Playwright's Browser does not expose it). Two people in two browsers, not two
 * contexts of one, is then provable: their ids differ.
 * @example expect(await browserPid(agentBrowser)).not.toBe(await browserPid(customerBrowser));
 */
export async function browserPid(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: readonly { readonly type: string; readonly id: number }[];
    };
    const main = processInfo.find((p) => p.type === 'browser');
    if (!main) throw new Error('The browser did not report its own process.');
    return main.id;
  } finally {
    await cdp.detach();
  }
}
