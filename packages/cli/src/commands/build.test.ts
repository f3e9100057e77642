import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, launchChromium } from '../../test/chromium';
import { GREETER_APP, GREETING, writeGreeterApp } from '../../test/greeter-app';
import { ninefoldAsync, OUTBOX_MAIL, removeScratch, scratchDir, serve } from '../../test/run-cli';

afterAll(removeScratch);

// Real processes: a Vite build takes seconds, more on a busy machine.
describe('ninefold build, then start', { timeout: 180_000 }, () => {
  it.skipIf(!HAS_CHROMIUM)(
    "builds the app's UI with its own components into .ninefold/dist, which start serves",
    async () => {
      const appDir = scratchDir('build-greeter');
      writeGreeterApp(appDir);
      const built = await ninefoldAsync(['build', appDir]);
      expect(built.err).toBe('');
      expect(built.code).toBe(0);
      expect(built.out).toMatch(/✓ built the UI of Greeter into \S+\.ninefold\/dist/);
      expect(built.out).toContain("with the app's own components from");
      const dist = join(appDir, '.ninefold', 'dist');
      for (const file of [
        'index.html',
        'index.html.gz',
        'index.html.br',
        'favicon.svg',
        '.vite/manifest.json',
      ])
        expect(existsSync(join(dist, file)), file).toBe(true);
      expect(readFileSync(join(appDir, '.ninefold', 'ui', 'entry.ts'), 'utf8')).toContain(
        "import registry from '../../ui/index.tsx';",
      );

      const s = await serve(['start', appDir, '--port', '0'], {
        DATA_DIR: join(appDir, 'data'),
        ...OUTBOX_MAIL,
      });
      const browser = await launchChromium();
      try {
        expect(s.output()).toContain(`UI        ${s.url}/ (from `);
        const page = await browser.newPage();
        await page.goto(`${s.url}/hello`);
        await page.getByTestId('greeting').waitFor();
        expect(await page.getByTestId('greeting').textContent()).toBe(GREETING);
        // The generated UI around it is the greeter's, and nothing of the helpdesk's.
        const text = (await page.locator('body').textContent()) ?? '';
        expect(text).toContain('Greeter');
        expect(text).not.toMatch(/helpdesk|My workload|SLA/i);
      } finally {
        await browser.close();
        await s.stop();
      }
    },
  );

  it('refuses a spec the checker refuses, with its message, and builds nothing', async () => {
    const appDir = scratchDir('build-invalid');
    writeGreeterApp(appDir);
    writeFileSync(join(appDir, 'app.ts'), GREETER_APP.replace("columns: ['text']", "columns: ['txet']"));
    const { code, err } = await ninefoldAsync(['build', appDir]);
    expect(code).toBe(1);
    expect(err).toMatch(/the spec of Greeter has 1 problem/);
    expect(err).toContain('screens.notes.columns');
    expect(existsSync(join(appDir, '.ninefold', 'dist'))).toBe(false);
  });

  it('says how to build the UI when start finds none', async () => {
    const appDir = scratchDir('start-unbuilt');
    writeGreeterApp(appDir, { ui: false });
    const s = await serve(['start', appDir, '--port', '0'], {
      DATA_DIR: join(appDir, 'data'),
      ...OUTBOX_MAIL,
    });
    try {
      await s.waitFor(/Press Ctrl-C to stop/);
      expect(s.output()).toMatch(/UI {8}not built: run `ninefold build \S+` first/);
      expect((await fetch(`${s.url}/hello`)).status).toBe(404);
    } finally {
      await s.stop();
    }
  });
});
