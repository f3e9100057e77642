/**
 * keepFocus in Chromium. Regression: a transition dialog gave focus back to its opener, and a
 * moment later the record's new state removed that button — focus fell to the body (seen
 * as a flaky "resolve" browser test). The removal here comes frames after the call.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium, noticeIfNoChromium } from '../../test/support/chromium';

const SOURCE = ts
  .transpileModule(readFileSync(new URL('./keep-focus.ts', import.meta.url), 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  })
  .outputText.replace(/^export /gm, '');

const BODY = `
  <main><h1 tabindex="-1">Ticket</h1>
    <div class="transition-buttons"><button id="resolve">Resolve</button><button id="close">Close</button></div>
    <input id="search" aria-label="Search">
  </main>`;

noticeIfNoChromium();
describe.skipIf(!HAS_CHROMIUM)('keepFocus', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  const start = async (focus: string) => {
    await page.setContent(BODY);
    await page.addScriptTag({ content: `${SOURCE}\nwindow.keepFocus = keepFocus;` });
    await page.focus(focus);
  };
  const later = (ms: number, fn: string) =>
    page.evaluate(([ms, fn]) => new Promise((r) => setTimeout(() => r(new Function(fn)()), ms)), [
      ms,
      fn,
    ] as const);
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
  const call = (...selectors: string[]) =>
    page.evaluate(
      (s) => (window as unknown as { keepFocus(...s: string[]): void }).keepFocus(...s),
      selectors,
    );

  it('moves focus when the focused control is removed by a later render', async () => {
    await start('#resolve');
    await call('.transition-buttons button');
    await later(150, `document.getElementById('resolve').remove()`);
    await expect.poll(active).toBe('close');
  });

  it('falls back to the page heading when no selector matches', async () => {
    await start('#resolve');
    await call('.nothing-here');
    await later(150, `document.querySelector('.transition-buttons').remove()`);
    await expect.poll(active).toBe('H1');
  });

  it('moves focus at the next frame when it is already lost', async () => {
    await start('#resolve');
    await page.evaluate(() => document.getElementById('resolve')?.remove());
    await call('.transition-buttons button');
    await expect.poll(active).toBe('close');
  });

  it('leaves focus the user moved elsewhere alone', async () => {
    await start('#resolve');
    await call('.transition-buttons button');
    await later(50, `document.getElementById('search').focus()`);
    await later(100, `document.getElementById('resolve').remove()`);
    await later(50, '');
    expect(await active()).toBe('search');
  });
});
