/**
 * An app outside this repository, from the packed packages, as a new user makes one: every
 * package `npm pack`ed; an app scaffolded by the packed create-ninefold into a folder under the
 * system's temp directory; installed from the tarballs (everything else from the registry);
 * given a widget of its own; then checked, type-checked, tested, built, seeded and started by
 * its own `ninefold`, and used in Chromium: the seeded admin signs in, sees the app's widget
 * and the admin console, and nothing of the helpdesk. The helpdesk template, made beside it by
 * the app's own `ninefold new`, passes the same checks on the same packages.
 *
 * Slow (an `npm install` and a native build of the SQLite driver): minutes, not seconds.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, run, runningUntil } from './support/run-process';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM)
  console.warn(`[create-ninefold e2e] no Chromium at ${CHROMIUM}: its browser step is skipped.`);
/** Every published package, in the order they build. */
const PACKAGES = ['spec', 'client', 'react', 'ui', 'server', 'testing', 'create-ninefold', 'cli'];
const ADMIN = { email: 'admin@example.test', password: 'demo-password-1' };
const WIDGET_TEXT = 'Hello from a widget of this app';
/** What the helpdesk would show; none of it may appear in another app. */
const HELPDESK_WORDS = /tickets?\b|helpdesk|my workload|sla at risk|\bteams?\b|knowledge base|the queue/i;
const MINUTE = 60_000;

let work: string;
let packs: string;
let app: string;
let server: Running | undefined;
let browser: Browser | undefined;

beforeAll(() => {
  // Outside the repository: nothing can resolve from its node_modules or workspaces.
  work = mkdtempSync(join(tmpdir(), 'ninefold-e2e-'));
  expect(relative(ROOT, work).startsWith('..')).toBe(true);
  packs = join(work, 'packs');
  mkdirSync(packs);
  app = join(work, 'my-app');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (process.env.KEEP_E2E) console.log(`[e2e] kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
});

describe('an app in a folder of its own, from the packed packages', () => {
  it(
    'packs every package, after a full build (JavaScript and declarations)',
    async () => {
      const missing = PACKAGES.filter((p) => !existsSync(join(ROOT, 'packages', p, 'dist/types/index.d.ts')));
      if (missing.length > 0) await run('npm', ['run', 'build'], { cwd: ROOT });
      const workspaces = PACKAGES.flatMap((p) => ['-w', `packages/${p}`]);
      await run('npm', ['pack', '--pack-destination', packs, ...workspaces], { cwd: ROOT });
      expect(readdirSync(packs).sort()).toEqual(
        [
          'create-ninefold-0.1.0.tgz',
          ...PACKAGES.filter((p) => p !== 'create-ninefold').map((p) => `ninefold-${p}-0.1.0.tgz`),
        ].sort(),
      );
    },
    10 * MINUTE,
  );

  it(
    'scaffolds the app with the packed create-ninefold, as npm create ninefold does',
    async () => {
      const { out } = await run(
        'npm',
        [
          'exec',
          '--yes',
          `--package=${join(packs, 'create-ninefold-0.1.0.tgz')}`,
          '--',
          'create-ninefold',
          'my-app',
        ],
        { cwd: work },
      );
      expect(out).toMatch(/Created My App in my-app \(template: blank/);
      const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
      expect(pkg.dependencies['@ninefold/cli']).toBe('^0.1.0');
    },
    5 * MINUTE,
  );

  it(
    'installs from the tarballs, and everything else from the registry',
    async () => {
      // create-ninefold too: the CLI depends on it (for `ninefold new`).
      const tarballs = readdirSync(packs).map((f) => join(packs, f));
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], { cwd: app });
      expect(existsSync(join(app, 'node_modules/@ninefold/cli/dist/main.js'))).toBe(true);
      // The sources ship (declaration maps point into them), their tests do not.
      const spec = join(app, 'node_modules/@ninefold/spec/src');
      expect(existsSync(join(spec, 'index.ts'))).toBe(true);
      const files = readdirSync(spec, { recursive: true, encoding: 'utf8' });
      expect(files.filter((f) => /\.test(-d)?\.tsx?$/.test(f))).toEqual([]);
    },
    20 * MINUTE,
  );

  it(
    "adds a widget of the app's own to its UI folder and its dashboard",
    () => {
      writeFileSync(
        join(app, 'ui/hello-widget.tsx'),
        `/** The app's own dashboard widget. */\nexport function HelloWidget() {\n  return <p className="hello">${WIDGET_TEXT}</p>;\n}\n`,
      );
      const registry = join(app, 'ui/index.ts');
      const ui = readFileSync(registry, 'utf8');
      expect(ui).toContain('defineUi({})');
      writeFileSync(
        registry,
        `import { HelloWidget } from './hello-widget';\n${ui.replace('defineUi({})', 'defineUi({ components: { HelloWidget } })')}`,
      );
      const spec = join(app, 'app.ts');
      const source = readFileSync(spec, 'utf8');
      const widgets = "widgets: [{ kind: 'count', title: 'Notes', entity: 'notes' }]";
      expect(source).toContain(widgets);
      writeFileSync(
        spec,
        source.replace(
          widgets,
          "widgets: [\n        { kind: 'count', title: 'Notes', entity: 'notes' },\n        { kind: 'custom', title: 'Greeting', component: 'HelloWidget' },\n      ]",
        ),
      );
    },
    MINUTE,
  );

  it(
    'passes its checker, TypeScript and its own tests',
    async () => {
      const check = await run('npx', ['ninefold', 'check'], { cwd: app });
      expect(check.out).toMatch(/✓ My App: the spec is valid/);
      await run('npx', ['tsc', '--noEmit'], { cwd: app });
      const test = await run('npm', ['test'], { cwd: app });
      expect(test.out).toMatch(/Tests\s+2 passed/);
    },
    10 * MINUTE,
  );

  it(
    "scaffolds the helpdesk with the app's own `ninefold new`, which passes the same checks",
    async () => {
      const { out } = await run('npx', ['ninefold', 'new', '../desk', '--template', 'helpdesk'], {
        cwd: app,
      });
      expect(out).toMatch(/Created Desk in \.\.\/desk \(template: helpdesk/);
      const desk = join(work, 'desk');
      // The same dependencies as the app's: installed once.
      symlinkSync(join(app, 'node_modules'), join(desk, 'node_modules'), 'dir');
      const check = await run('npx', ['ninefold', 'check'], { cwd: desk });
      expect(check.out).toMatch(/✓ Helpdesk: the spec is valid/);
      await run('npx', ['tsc', '--noEmit'], { cwd: desk });
      const test = await run('npm', ['test'], { cwd: desk });
      expect(test.out).toMatch(/Tests\s+\d+ passed/);
    },
    5 * MINUTE,
  );

  it(
    'builds its UI, seeds its demo data and starts',
    async () => {
      const build = await run('npx', ['ninefold', 'build'], { cwd: app });
      expect(build.out).toMatch(/built the UI of My App/);
      expect(existsSync(join(app, '.ninefold/dist/index.html'))).toBe(true);
      const seeded = await run('npx', ['ninefold', 'seed'], { cwd: app });
      expect(seeded.out).toContain(ADMIN.email);
      server = await runningUntil(
        'npx',
        ['ninefold', 'start', '--port', '0'],
        /is running at (http:\S+)[\s\S]*Ctrl-C/,
        {
          cwd: app,
          // A production start: mail kept in the outbox knowingly, its links on this address.
          env: { HOST: '127.0.0.1', MAIL_OUTBOX: '1', APP_URL: 'http://127.0.0.1' },
        },
      );
      expect(server.out()).toMatch(/UI\s+http:\S+\/ \(from \.ninefold\/dist\)/);
    },
    10 * MINUTE,
  );

  it.skipIf(!HAS_CHROMIUM)(
    "in Chromium: the seeded admin signs in, sees the app's own widget, the admin console, and nothing of the helpdesk",
    async () => {
      const base = server!.match[1]!;
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('response', (r) => {
        if (r.status() >= 500) problems.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByLabel('Password').press('Enter');
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.getByText(WIDGET_TEXT).waitFor();
      const dashboard = (await page.locator('body').textContent()) ?? '';
      expect(dashboard).not.toMatch(HELPDESK_WORDS);

      await page.goto(`${base}/admin`);
      await page.getByRole('tablist', { name: 'Admin sections' }).waitFor();
      await page.getByText(ADMIN.email).first().waitFor();
      const admin = (await page.locator('body').textContent()) ?? '';
      expect(admin).toContain('My App');
      expect(admin).not.toMatch(HELPDESK_WORDS);
      expect(problems).toEqual([]);
    },
    3 * MINUTE,
  );
});
