/**
 * References in lists, as #16 asks: a ticket list names each row's assignee from the
 * records expanded with the page (`?expand=`), so opening the list makes no request for any
 * one user; and its assignee filter is the picker that searches the server, so an agent
 * beyond the largest page (more than 100 agents here) can be filtered by, by typing.
 */
import type { Browser, Request } from 'playwright-core';
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
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

const AGENTS = 120;
const agentName = (i: number) => `Agent ${String(i).padStart(3, '0')}`;

/** The path of a GET of one record of `entity` (`/api/entities/users/<id>`), or undefined. */
function recordGet(request: Request, entity: string): string | undefined {
  if (request.method() !== 'GET') return undefined;
  const path = new URL(request.url()).pathname;
  return path.startsWith(`/api/entities/${entity}/`) && path.split('/').length === 5 ? path : undefined;
}

describe.skipIf(!HAS_CHROMIUM)('references in lists', { timeout: 180_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  let agent: OpenedPage;
  let agentApi: HelpdeskClient;
  const agentIds: string[] = [];

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    for (let i = 1; i <= AGENTS; i++) {
      const user = await hd.nf.core.create(
        null,
        'users',
        { email: `agent${i}@example.test`, name: agentName(i), role: 'agent' },
        true,
      );
      agentIds.push(String(user.id));
    }
    agentApi = await apiAs(hd.base, DEMO.agent.email);
    // Every ticket of the first page gets an assignee of its own among the new agents.
    const page = await agentApi.list('tickets', { sort: '-createdAt', limit: 25 } as never);
    for (const [i, t] of page.items.entries()) {
      await agentApi.update('tickets', t.id, { assignee: agentIds[i]! } as never);
    }
    browser = await launchChromium();
    agent = await openPage(browser);
    await signIn(agent.page, hd.base, DEMO.agent.email);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  it('names every assignee on a page of tickets without a request per user', async () => {
    const page = agent.page;
    const perRecord: string[] = [];
    const lists: string[] = [];
    const watch = (r: Request) => {
      const one = recordGet(r, 'users') ?? recordGet(r, 'tickets');
      if (one) perRecord.push(one);
      if (new URL(r.url()).pathname === '/api/entities/tickets') lists.push(r.url());
    };
    // Away from the dashboard first: its requests must not be taken for the list's.
    await page.goto('about:blank');
    page.on('request', watch);
    await page.goto(`${hd.base}/tickets`);
    const table = page.getByRole('table', { name: 'Tickets' });
    const rows = table.locator('tbody tr');
    const expected = (await agentApi.list('tickets', { sort: '-createdAt', limit: 25 } as never)).items;
    expect(expected.length).toBeGreaterThan(10);
    const names = new Map<string, string>();
    for (const t of expected) {
      if (t.assignee && !names.has(String(t.assignee)))
        names.set(String(t.assignee), String((await agentApi.get('users', String(t.assignee))).name));
    }
    await table.getByRole('columnheader', { name: /^Assignee/ }).waitFor();
    const column = await table.getByRole('columnheader').allTextContents();
    const at = column.findIndex((h) => h.startsWith('Assignee'));
    const shown = () => rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent ?? ''), at);
    await expect.poll(shown).toEqual(expected.map((t) => (t.assignee ? names.get(String(t.assignee)) : '—')));
    page.off('request', watch);
    // The page came with its references (`expand`), and no row fetched a title of its own.
    expect(lists.some((u) => new URL(u).searchParams.get('expand')?.split(',').includes('assignee'))).toBe(
      true,
    );
    expect(perRecord).toEqual([]);
    expect(names.size).toBeGreaterThan(10);
  });

  it('filters by an assignee beyond the largest page by typing in the filter', async () => {
    const page = agent.page;
    // Agents in the users list's order: the last created come first, so the first is beyond 100.
    const target = agentIds[0]!;
    const name = agentName(1);
    const mine = await agentApi.list('tickets', {
      where: { assignee: target } as never,
      limit: 100,
    } as never);
    expect(mine.items.length).toBe(1);
    await page.goto(`${hd.base}/tickets`);
    const filter = page.getByRole('search', { name: 'Filter the list' });
    const box = filter.getByRole('combobox', { name: 'Assignee' });
    await box.click();
    const listbox = filter.getByRole('listbox');
    await listbox.getByRole('option', { name: 'All', exact: true }).waitFor();
    await listbox.getByRole('option', { name: 'None', exact: true }).waitFor();
    expect(await listbox.getByRole('option', { name }).count()).toBe(0);
    await box.pressSequentially(name, { delay: 20 });
    await expect.poll(() => listbox.getByRole('option').allTextContents()).toEqual([name]);
    await checkA11y(page);
    await box.press('Enter');
    await page.waitForURL(new RegExp(`assignee=${target}`));
    const subjects = page.getByRole('table', { name: 'Tickets' }).locator('tbody td:first-child');
    await expect.poll(() => subjects.allTextContents()).toEqual(mine.items.map((t) => t.subject));
    await expect.poll(() => box.inputValue()).toBe(name);
    // After a reload the filter still names the agent, and "All" clears it.
    await page.reload();
    await expect.poll(() => box.inputValue()).toBe(name);
    await box.click();
    await listbox.getByRole('option', { name: 'All', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('assignee')).toBe(false);
  });

  it('threw no errors in the page', () => {
    expect(agent.errors).toEqual([]);
  });
});
