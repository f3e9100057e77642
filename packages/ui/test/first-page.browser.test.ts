/**
 * The first UI in a real browser: the helpdesk on a fresh SQLite database, the built UI
 * served on the same port by staticUi(), and Chromium driven by playwright-core. A customer
 * signs in, is told what is wrong with a bad ticket before it is sent, files a good one and
 * sees it, and is refused a sixth open ticket with the catalogue's message; an agent sees
 * every ticket and the team tables the customer never sees; a visitor signs up. Skipped,
 * with a notice, when there is no Chromium.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../../examples/helpdesk/app';
// Relative on purpose: the UI package must not depend on the server at run time.
import { setPassword } from '../../server/src/core/accounts/accounts';
import { staticUi } from '../../server/src/http/static-ui';
import { createNinefold, type Ninefold } from '../../server/src/start-app';
import { freshDatabase, type TestDatabase } from '../../server/test/test-databases';

const UI_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(UI_DIR, 'dist');
const SHOTS = join(UI_DIR, 'test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);
const PASSWORD = 'demo-password-1';

if (!HAS_CHROMIUM) {
  console.warn(
    `[ninefold browser tests] no Chromium at ${CHROMIUM}: the browser tests are skipped. ` +
      'Install Debian\'s "chromium" package or set CHROMIUM_PATH.',
  );
}

/** The newest modification time under a folder, to tell a stale build from a fresh one. */
function newest(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((d) =>
      d.isDirectory() ? newest(join(dir, d.name)) : statSync(join(dir, d.name)).mtimeMs,
    ),
  );
}

async function buildUiIfStale(): Promise<void> {
  const index = join(DIST, 'index.html');
  const sources = Math.max(newest(join(UI_DIR, 'src')), statSync(join(UI_DIR, 'index.html')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which Vite would bake in (React's development build): build as
  // `npm run build` does, then put it back.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(UI_DIR, 'vite.config.ts'), mode: 'production', logLevel: 'warn' });
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
  }
}

interface Person {
  readonly email: string;
  readonly name: string;
}

describe.skipIf(!HAS_CHROMIUM)('the first UI in Chromium', { timeout: 60_000 }, () => {
  let tdb: TestDatabase;
  let nf: Ninefold;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const stamp = Date.now();
  const customer: Person = { email: `carla-${stamp}@test.example`, name: 'Carla Customer' };
  const agent: Person = { email: `arjun-${stamp}@test.example`, name: 'Arjun Agent' };

  async function person(p: Person, role: string): Promise<void> {
    const user = await nf.core.create(null, 'users', { email: p.email, name: p.name, role }, true);
    await setPassword(nf.db, String(user.id), PASSWORD, new Date());
  }

  async function newPage(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    return page;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  }

  async function signIn(page: Page, p: Person): Promise<void> {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(p.email);
    await page.getByLabel('Password').fill(PASSWORD);
    // Enter in the form submits it: sign-in works from the keyboard alone.
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  }

  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await buildUiIfStale();
    tdb = await freshDatabase('sqlite');
    nf = await createNinefold(app, { database: tdb.url });
    await staticUi(nf.server, DIST);
    await person(customer, 'customer');
    await person(agent, 'agent');
    base = await nf.server.listen({ host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--headless=new',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await nf?.close();
    await tdb?.drop();
  });

  let customerPage: Page;

  it('sends a visitor to sign-in, and says so when the password is wrong', async () => {
    customerPage = await newPage();
    const page = customerPage;
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The email or password is not correct.');
    await shot(page, '01-login-wrong-password');
  });

  it('shows a customer their tickets and the knowledge base, and nothing of the team', async () => {
    const page = customerPage;
    await signIn(page, customer);
    await region(page, 'Tickets').waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('Signed in as Carla Customer');
    expect(await region(page, 'Knowledge base').count()).toBe(1);
    expect(await region(page, 'Users').count()).toBe(0);
    expect(await region(page, 'Teams').count()).toBe(0);
    // Articles are readable but not writable for a customer: a table, no form.
    expect(await region(page, 'Knowledge base').getByRole('button', { name: 'Create' }).count()).toBe(0);
    // The ticket form asks only for what a customer may write.
    const tickets = region(page, 'Tickets');
    for (const label of ['Subject', 'Description', 'Priority', 'Category']) {
      expect(await tickets.getByLabel(label).count()).toBe(1);
    }
    for (const label of ['Assignee', 'Team', 'Satisfaction']) {
      expect(await tickets.getByLabel(label).count()).toBe(0);
    }
  });

  it('tells the customer what is wrong with a bad ticket, beside the field, before sending it', async () => {
    const page = customerPage;
    const tickets = region(page, 'Tickets');
    const subject = tickets.getByLabel('Subject');
    await subject.fill('abc');
    await tickets.getByLabel('Description').fill('The printer on floor 3 is smoking.');
    await tickets.getByRole('button', { name: 'Create' }).click();
    const message = tickets.getByText('Subject must be at least 5 characters.');
    await message.waitFor();
    expect(await subject.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await subject.getAttribute('aria-describedby')) ?? '';
    const errorId = await message.getAttribute('id');
    expect(describedBy.split(' ')).toContain(errorId);
    // The first invalid input takes focus, so a keyboard user lands on what to fix.
    expect(await subject.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await tickets.getByRole('cell', { name: 'abc', exact: true }).count()).toBe(0);
    await shot(page, '02-customer-ticket-invalid');
  });

  it('creates the ticket once it is right, and shows it in the table', async () => {
    const page = customerPage;
    const tickets = region(page, 'Tickets');
    await tickets.getByLabel('Subject').fill('Printer is on fire');
    await tickets.getByLabel('Priority').selectOption('high');
    await tickets.getByRole('button', { name: 'Create' }).click();
    await tickets.getByRole('status').getByText('Created.').waitFor();
    const row = tickets.getByRole('row').filter({ hasText: 'Printer is on fire' });
    await row.waitFor();
    expect(await row.textContent()).toContain('High');
    expect(await row.textContent()).toContain('New');
    await shot(page, '03-customer-ticket-created');
  });

  it("shows a refusal from the server as an alert with the catalogue's message", async () => {
    const page = customerPage;
    // Four more open tickets through the API with the same cookie: five is the limit.
    const statuses = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const res = await fetch('/api/entities/tickets', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ subject: `Another problem ${i}`, description: 'Details.' }),
        });
        out.push(res.status);
      }
      return out;
    });
    expect(statuses).toEqual([201, 201, 201, 201]);
    const tickets = region(page, 'Tickets');
    await tickets.getByLabel('Subject').fill('One ticket too many');
    await tickets.getByLabel('Description').fill('This one should be refused.');
    await tickets.getByRole('button', { name: 'Create' }).click();
    const alert = tickets.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('You can have at most 5 open tickets.');
    await shot(page, '04-customer-open-ticket-limit');
  });

  it('signs the customer out', async () => {
    const page = customerPage;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
  });

  it("shows an agent every ticket, the customer's included, and the team's tables", async () => {
    const page = await newPage({ colorScheme: 'dark' });
    await signIn(page, agent);
    const tickets = region(page, 'Tickets');
    await tickets.getByRole('cell', { name: 'Printer is on fire' }).waitFor();
    expect(await tickets.getByRole('cell', { name: 'Another problem 4' }).count()).toBe(1);
    // Agents triage tickets; they do not file them.
    expect(await tickets.getByRole('button', { name: 'Create' }).count()).toBe(0);
    const users = region(page, 'Users');
    await users.getByRole('cell', { name: 'Carla Customer' }).waitFor();
    expect(await users.getByRole('cell', { name: customer.email }).count()).toBe(1);
    expect(await region(page, 'Teams').count()).toBe(1);
    await shot(page, '05-agent-dark');
  });

  it('answers a deep link on reload with the app, which says the page does not exist', async () => {
    const page = await newPage();
    await page.goto(`${base}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });

  it("signs a visitor up, with the server's field errors beside their inputs", async () => {
    const page = await newPage();
    await page.goto(`${base}/signup`);
    await page.getByLabel('Name').fill('Dana Newcomer');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    const password = page.getByLabel('Password');
    await page.getByText('Password must be at least 8 characters.').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await shot(page, '06-signup-errors');

    await password.fill('a-long-enough-passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This email cannot be used to sign up. Sign in instead.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Email').fill(`dana-${stamp}@test.example`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('Signed in as Dana Newcomer');
    expect(await region(page, 'Users').count()).toBe(0);
  });

  it('threw no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
