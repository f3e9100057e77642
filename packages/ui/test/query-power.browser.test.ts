/**
 * The list and dashboard features of #16, as their people meet them on the helpdesk: the
 * ticket list's pager says where the page sits among all the tickets the agent may read;
 * its search finds a ticket by a word of its description and keeps it in the URL; a
 * reference picker searches 150+ teams (more than the largest page) and picks the 141st
 * by typing; the dashboard's chart of tickets by status draws what the server's aggregate
 * counts; an export downloads the filtered list as CSV; a customer's import of a CSV with a
 * bad row reports the row, the field and the catalogue's message, and writes nothing.
 * Each page fits a laptop and a phone, light and dark, without sideways scrolling.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAs,
  checkA11y,
  DEMO,
  HAS_CHROMIUM,
  type HelpdeskClient,
  type HelpdeskServer,
  launchChromium,
  noticeIfNoChromium,
  type OpenedPage,
  openPage,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

const TEAMS = 160;
const EXTRA_TICKETS = 40;
const WORD = 'quokkaphone';
const teamName = (i: number) => `Team ${String(i).padStart(3, '0')}`;

/** Every ticket the client may read, page by page: the oracle the UI's figures are held to. */
async function allTickets(client: HelpdeskClient, where: object = {}) {
  const out: { id: string; status: string; subject: string }[] = [];
  let cursor: string | null = null;
  do {
    const page: {
      items: readonly { id: string; status: unknown; subject: string }[];
      nextCursor: string | null;
    } = await client.list('tickets', { where: where as never, limit: 100, cursor });
    out.push(...page.items.map((t) => ({ id: t.id, status: String(t.status), subject: t.subject })));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** How far the page scrolls sideways (0 or less: it does not). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!HAS_CHROMIUM)(
  'totals, search, pickers, charts, export and import',
  { timeout: 180_000 },
  () => {
    let hd: HelpdeskServer;
    let browser: Browser;
    let agent: OpenedPage;
    let agentApi: HelpdeskClient;
    const opened: OpenedPage[] = [];

    beforeAll(async () => {
      hd = await startHelpdesk({ seed: true });
      browser = await launchChromium();
      const admin = await apiAs(hd.base, DEMO.admin.email);
      for (let i = 1; i <= TEAMS; i++) await admin.create('teams', { name: teamName(i) });
      // More tickets than a page, filed by customers of their own (each may hold five open).
      for (let c = 0; c < EXTRA_TICKETS / 5; c++) {
        const email = `bulk${c}@example.test`;
        await hd.addUser({ email, name: `Bulk ${c}`, role: 'customer' });
        const customer = await apiAs(hd.base, email);
        for (let k = 0; k < 5; k++) {
          const n = c * 5 + k;
          await customer.create('tickets', {
            subject: `Bulk ticket ${n}`,
            description: n === 17 ? `The ${WORD} keeps ringing.` : 'Something is off.',
          });
        }
      }
      agentApi = await apiAs(hd.base, DEMO.agent.email);
      agent = await openPage(browser);
      opened.push(agent);
      await signIn(agent.page, hd.base, DEMO.agent.email);
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await hd?.close();
    });

    it('pages the ticket list with the total the agent may read', async () => {
      const page = agent.page;
      const total = (await allTickets(agentApi)).length;
      expect(total).toBeGreaterThan(25);
      await page.goto(`${hd.base}/tickets`);
      const pages = Math.ceil(total / 25);
      await page.getByText(`1–25 of ${total} · page 1 of ${pages}`).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`26–${Math.min(50, total)} of ${total} · page 2 of ${pages}`).waitFor();
      await checkA11y(page);
      await shot(page, 'query-01-pager-totals');
    });

    it('searches the list by a word of a description, kept in the URL across a reload', async () => {
      const page = agent.page;
      await page.goto(`${hd.base}/tickets`);
      await page.getByLabel('Search tickets').fill(WORD);
      await page.waitForURL(new RegExp(`q=${WORD}`));
      const table = page.getByRole('table', { name: 'Tickets' });
      const subjects = () => table.locator('tbody td:first-child').allTextContents();
      await expect.poll(subjects).toEqual(['Bulk ticket 17']);
      await page.getByText('1–1 of 1').waitFor();
      await page.reload();
      await expect.poll(subjects).toEqual(['Bulk ticket 17']);
      expect(await page.getByLabel('Search tickets').inputValue()).toBe(WORD);
      await shot(page, 'query-02-search');
    });

    // Teams list newest first: the 140th in the list's order is the 21st created.
    const TARGET = teamName(TEAMS + 1 - 140);

    it('picks the 140th team (beyond the largest page) by typing in the picker, with the keyboard', async () => {
      const page = agent.page;
      const ticket = (await allTickets(agentApi, { status: 'new' }))[0]!;
      await page.goto(`${hd.base}/tickets/${ticket.id}`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit ticket' });
      const team = dialog.getByRole('combobox', { name: 'Team' });
      await team.click();
      // Unsearched, it offers a handful and says to type more; the 140th is not among them.
      const listbox = dialog.getByRole('listbox');
      await dialog.getByText('Type more to narrow the choices').waitFor();
      expect(await listbox.getByRole('option', { name: TARGET }).count()).toBe(0);
      await team.pressSequentially(TARGET, { delay: 20 });
      await listbox.getByRole('option', { name: TARGET, exact: true }).waitFor();
      await expect.poll(() => listbox.getByRole('option').allTextContents()).toEqual([TARGET]);
      await checkA11y(page);
      await team.press('Enter');
      await expect.poll(() => team.inputValue()).toBe(TARGET);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const saved = await agentApi.get('tickets', ticket.id);
      const teams = await apiAs(hd.base, DEMO.admin.email);
      expect((await teams.get('teams', String(saved.team))).name).toBe(TARGET);
      // Reopened, the picker names the current team though no search has found it yet.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await expect.poll(() => dialog.getByRole('combobox', { name: 'Team' }).inputValue()).toBe(TARGET);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    it("draws the dashboard's chart of tickets by status from the aggregate", async () => {
      const page = agent.page;
      const counts = new Map<string, number>();
      for (const t of await allTickets(agentApi)) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
      await page.goto(`${hd.base}/`);
      const chart = page.getByRole('region', { name: 'Tickets by status' });
      await chart.locator('.recharts-bar-rectangle').first().waitFor();
      // The numbers behind the bars, as the chart's table gives them to screen readers.
      const rows = chart.locator('table tr');
      await expect.poll(() => rows.count()).toBe(6);
      const drawn: Record<string, number> = {};
      for (const row of await rows.all()) {
        drawn[(await row.locator('th').textContent()) ?? ''] = Number(await row.locator('td').textContent());
      }
      expect(drawn).toEqual({
        New: counts.get('new') ?? 0,
        Open: counts.get('open') ?? 0,
        Pending: counts.get('pending') ?? 0,
        Resolved: counts.get('resolved') ?? 0,
        Closed: counts.get('closed') ?? 0,
        Cancelled: counts.get('cancelled') ?? 0,
      });
      // The axis labels are the states, one per bar (recharts draws the labels in a layer of their own).
      expect(await chart.locator('.recharts-bar-rectangle').count()).toBe(6);
      const ticks = await chart.locator('.recharts-xAxis-tick-labels text').allTextContents();
      expect(ticks).toEqual(['New', 'Open', 'Pending', 'Resolved', 'Closed', 'Cancelled']);
      // The count widgets are real totals, not "100+".
      const overdue = (
        await allTickets(agentApi, {
          status: { in: ['new', 'open'] },
          dueAt: { lt: new Date().toISOString() },
        })
      ).length;
      await expect
        .poll(() => page.getByRole('region', { name: 'Overdue' }).locator('.big-number').textContent())
        .toBe(String(overdue));
      await checkA11y(page);
      await shot(page, 'query-03-chart');
    });

    it('downloads the filtered list as CSV, every page of it', async () => {
      const page = agent.page;
      const expected = await allTickets(agentApi, { status: 'new' });
      await page.goto(`${hd.base}/tickets?status=new`);
      await page.getByRole('table', { name: 'Tickets' }).locator('tbody tr').first().waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.trim().split(/\r?\n/);
      const header = lines[0]!.split(',');
      expect(header).toContain('subject');
      expect(lines.length - 1).toBe(expected.length);
      const idAt = header.indexOf('id');
      expect(new Set(lines.slice(1).map((l) => l.split(',')[idAt]))).toEqual(
        new Set(expected.map((t) => t.id)),
      );
    });

    it("reports an import's failing row by number, field and message, and writes nothing in 'all' mode", async () => {
      const email = 'importer@example.test';
      await hd.addUser({ email, name: 'Ivy Importer', role: 'customer' });
      const customer = await openPage(browser);
      opened.push(customer);
      const page = customer.page;
      await signIn(page, hd.base, email, '/tickets');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import tickets' });
      const csv = [
        'subject,description,priority',
        'Imported printer jam,Tray two jams,normal',
        'Hi,Too short a subject,normal',
        'Imported VPN question,How do I connect,high',
      ].join('\n');
      await dialog
        .getByLabel('CSV file')
        .setInputFiles({ name: 'tickets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByLabel('Import nothing').check();
      await dialog.getByRole('button', { name: 'Import' }).click();
      const report = dialog.getByRole('status');
      await report.getByText(/Nothing was imported: 1 of 3 rows failed/).waitFor();
      const row = report.getByRole('row').filter({ has: page.getByRole('cell', { name: '2', exact: true }) });
      await row.getByRole('cell', { name: 'Subject', exact: true }).waitFor();
      expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/5/);
      expect(await dialog.getByLabel('Import progress').getAttribute('value')).toBeTruthy();
      await checkA11y(page);
      await shot(page, 'query-04-import-report');
      const api = await apiAs(hd.base, email);
      expect((await api.list('tickets', { count: true } as never)).items).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    it.each([
      { colorScheme: 'light', width: 1280, height: 800 },
      { colorScheme: 'dark', width: 1280, height: 800 },
      { colorScheme: 'light', width: 390, height: 844 },
      { colorScheme: 'dark', width: 390, height: 844 },
    ] as const)('fits $width×$height in $colorScheme without sideways scrolling', async (view) => {
      const o = await openPage(browser, view);
      opened.push(o);
      await signIn(o.page, hd.base, DEMO.agent.email);
      await o.page
        .getByRole('region', { name: 'Tickets by status' })
        .locator('table tr')
        .first()
        .waitFor({ state: 'attached' });
      expect(await overflow(o.page)).toBeLessThanOrEqual(0);
      await shot(o.page, `query-05-dashboard-${view.colorScheme}-${view.width}`);
      await o.page.goto(`${hd.base}/tickets`);
      await o.page.getByText(/of \d+ · page 1 of/).waitFor();
      expect(await overflow(o.page)).toBeLessThanOrEqual(0);
      await o.page.getByRole('button', { name: 'Import CSV' }).count();
      await shot(o.page, `query-06-tickets-${view.colorScheme}-${view.width}`);
      await o.context.close();
    });

    it('threw no errors in any page', () => {
      expect(opened.flatMap((o) => o.errors)).toEqual([]);
    });
  },
);
