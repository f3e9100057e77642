import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium } from '../../test/chromium';
import { GREETER_APP, GREETING, greetingSource, writeGreeterApp } from '../../test/greeter-app';
import { BIN, cliEnv, ROOT, removeScratch, scratchDir, serve } from '../../test/run-cli';

afterAll(removeScratch);

async function summary(url: string): Promise<string> {
  const meta = (await (await fetch(`${url}/api/meta`)).json()) as { about: { summary: string } };
  return meta.about.summary;
}

/** The text of Vite's error overlay (in its shadow root), once it shows. */
async function overlayText(page: Page): Promise<string> {
  const message = page.locator('vite-error-overlay .message-body');
  await message.waitFor({ timeout: 60_000 });
  return (await message.textContent()) ?? '';
}

const runs = (output: string) => output.match(/is running at/g)?.length ?? 0;

// Real processes (Vite, the checker, tsc, the server) on a machine other tests share.
describe('ninefold dev', { timeout: 300_000 }, () => {
  it.skipIf(!HAS_CHROMIUM)(
    'hot-replaces an edited component in the open page; refuses an invalid spec in the terminal and the overlay, keeping the old server; restarts on the fix',
    async () => {
      const appDir = scratchDir('dev-greeter');
      writeGreeterApp(appDir);
      // The database inside the watched folder: the server's own writes must not restart it.
      const s = await serve(['dev', appDir, '--port', '0'], { DATA_DIR: join(appDir, 'state') });
      const browser = await launchChromium();
      try {
        await s.waitFor(/Press Ctrl-C to stop/);
        const [, api] = await s.waitFor(/this API process on (http:\/\/\S+)\)/);
        expect(s.output()).toContain('✓ the app checks out: starting');
        expect(await summary(s.url)).toBe('Says hello.');
        // The dev server serves files of the app's folder, but never its database (password
        // hashes, sessions), even by Vite's /@fs/ path (regression, review of #14).
        for (const file of ['app.db', 'app.db-wal']) {
          const res = await fetch(`${s.url}/@fs${join(appDir, 'state', file)}`);
          expect(res.status).toBe(403);
        }

        // An edit of the app's component: swapped in the open page, which is not reloaded.
        const page = await browser.newPage();
        await page.goto(`${s.url}/hello`);
        const greeting = page.getByTestId('greeting');
        await greeting.waitFor();
        expect(await greeting.textContent()).toBe(GREETING);
        await page.evaluate(() => Object.assign(window, { notReloaded: true }));
        writeFileSync(join(appDir, 'ui', 'greeting.tsx'), greetingSource('Edited while open'));
        await page.getByText('Edited while open').waitFor({ timeout: 30_000 });
        expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
        expect(s.output()).not.toContain('greeting.tsx changed');

        // A spec the checker refuses: told in the terminal and the page; the old server stays.
        const file = join(appDir, 'app.ts');
        writeFileSync(file, GREETER_APP.replace("columns: ['text']", "columns: ['txet']"));
        await s.waitFor(/✗ the app has problems; the server keeps running the last good version/);
        expect(s.output()).toContain("screens.notes.columns[0]: the column is 'txet'");
        expect(await overlayText(page)).toContain("screens.notes.columns[0]: the column is 'txet'");
        // A page opened meanwhile is told too.
        const later = await browser.newPage();
        await later.goto(`${s.url}/hello`);
        expect(await overlayText(later)).toContain('screens.notes.columns[0]');
        expect(await summary(s.url)).toBe('Says hello.');
        expect(runs(s.output())).toBe(1);

        // The fix restarts the server on the new spec, and the pages reload onto it.
        writeFileSync(file, GREETER_APP.replace('Says hello.', 'Says hello again.'));
        await s.waitFor(/is running at/, 2);
        expect(await summary(s.url)).toBe('Says hello again.');
        await page.waitForFunction(() => !(window as { notReloaded?: boolean }).notReloaded);
        await page.getByText('Edited while open').waitFor();
        expect(await page.locator('vite-error-overlay').count()).toBe(0);
        await new Promise((r) => setTimeout(r, 1_500));
        expect(runs(s.output())).toBe(2);

        const { code, out } = await s.stop();
        expect(code).toBe(0);
        expect(out).toContain('✓ stopped');
        await expect(fetch(`${api}/api/health`)).rejects.toThrow();
        await expect(fetch(`${s.url}/`)).rejects.toThrow();
      } finally {
        await browser.close();
        await s.stop();
      }
    },
  );

  it('keeps no server on a spec that is invalid from the start, and starts one once it is fixed', async () => {
    const appDir = scratchDir('dev-invalid');
    writeGreeterApp(appDir, { ui: false });
    const file = join(appDir, 'app.ts');
    writeFileSync(file, `${GREETER_APP}\nexport const broken = ;\n`);
    const child = spawn(process.execPath, [BIN, 'dev', appDir, '--port', '0'], {
      cwd: ROOT,
      env: cliEnv({ DATA_DIR: join(appDir, 'state') }),
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (output += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (output += t));
    const printed = async (pattern: RegExp) => {
      const deadline = Date.now() + 120_000;
      while (!pattern.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`never printed ${pattern}:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return output.match(pattern)!;
    };
    try {
      await printed(/✗ the app has problems; no server until it is fixed/);
      expect(output).toContain('ninefold check');
      expect(output).not.toContain('is running at');
      writeFileSync(file, GREETER_APP);
      const [, url] = await printed(/is running at (http:\/\/\S+)/);
      expect(await summary(url!)).toBe('Says hello.');
    } finally {
      const exited = new Promise((done) => child.once('close', done));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
