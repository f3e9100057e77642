/**
 * What the admin console's browser tests share: the helpdesk with its demo data and a few
 * extra people, one Chromium, pages opened and closed together (their errors checked at the
 * end), the console's tabs, the day a date input takes, and layout shifts as CLS counts them.
 * @example
 * const t = adminConsoleTest([RILEY]);
 * beforeAll(t.start, 240_000); afterAll(t.stop);
 * const { page } = await t.open(); await signIn(page, t.hd.base, DEMO.admin.email);
 */
import type { Browser, Page } from 'playwright-core';
import { type OpenedPage, openPage, signIn } from './browser-pages';
import { launchChromium } from './chromium';
import { DEMO, type HelpdeskServer, type Person, startHelpdesk } from './helpdesk-server';

export interface AdminConsoleTest {
  /** Set once `start` has run. */
  readonly hd: HelpdeskServer;
  readonly browser: Browser;
  /** The id of each extra person, by email. */
  readonly ids: ReadonlyMap<string, string>;
  /** Every page opened so far, for the final "no errors" check. */
  readonly opened: readonly OpenedPage[];
  open(options?: Parameters<typeof openPage>[1]): Promise<OpenedPage>;
  /** A page signed in as the demo admin, on `/admin` with its tabs drawn. */
  openConsole(): Promise<OpenedPage>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The helpdesk on a fresh database with the demo data plus `people`, and a browser. */
export function adminConsoleTest(people: readonly Person[] = []): AdminConsoleTest {
  let hd: HelpdeskServer | undefined;
  let browser: Browser | undefined;
  const ids = new Map<string, string>();
  const opened: OpenedPage[] = [];
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('adminConsoleTest: start() has not run');
    return v;
  };
  return {
    get hd() {
      return started(hd);
    },
    get browser() {
      return started(browser);
    },
    ids,
    opened,
    async open(options = {}) {
      const o = await openPage(started(browser), options);
      opened.push(o);
      return o;
    },
    async openConsole() {
      const o = await this.open();
      await signIn(o.page, this.hd.base, DEMO.admin.email);
      await o.page.goto(`${this.hd.base}/admin`);
      await o.page.getByRole('tablist', { name: 'Admin sections' }).waitFor();
      return o;
    },
    async start() {
      hd = await startHelpdesk({ seed: true });
      for (const p of people) ids.set(p.email, await hd.addUser(p));
      browser = await launchChromium();
    },
    async stop() {
      for (const o of opened) await o.context.close().catch(() => {});
      await browser?.close();
      await hd?.close();
    },
  };
}

/** Opens a console tab by its name and waits for its heading. */
export async function openTab(page: Page, name: string, heading = name): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
}

/** The HTTP status of a GET from the page, with its session. */
export const apiStatus = (page: Page, path: string): Promise<number> =>
  page.evaluate(async (p) => (await fetch(p)).status, path);

/** A day as a date input takes it, in the browser's (and this process's) time zone. */
export const day = (offsetDays = 0): string => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

interface Shifts {
  all: number;
  console: number;
  what: string[];
}

/**
 * Records unexpected layout shifts (not caused by input) as CLS counts them: the total, and
 * the part moving something inside the console (what the console itself is answerable for;
 * the app frame around it is tested on its own). Runs in the page: pass it to addInitScript.
 */
export const TRACK_SHIFTS = (): void => {
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

/** The shifts TRACK_SHIFTS has recorded in this page so far. */
export const shifts = (page: Page): Promise<Shifts> =>
  page.evaluate(() => (window as unknown as { __shift: Shifts }).__shift);
