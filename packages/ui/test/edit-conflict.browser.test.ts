/**
 * Issue #12 point 6, in Chromium: two agents, each in a browser context of their own (their
 * own session), on one ticket. One changes the priority while the other's edit dialog is
 * open. The other's save is no longer a silent revert: it sends only what that agent
 * changed, with the version the dialog opened on, so the server refuses it (412) and a
 * conflict dialog shows what changed; Overwrite keeps the other change, Reload takes it.
 * A transition dialog keeps what was typed in it when the record changes underneath, and
 * says so. axe-core runs on every dialog.
 */
import type { Browser, Page, Request } from 'playwright-core';
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
  PASSWORD,
  shot,
  signIn,
  startHelpdesk,
} from './support';

noticeIfNoChromium();

interface HistoryEntry {
  readonly actor: string | null;
  readonly operation: string;
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
}

describe.skipIf(!HAS_CHROMIUM)('two agents edit one ticket', { timeout: 120_000 }, () => {
  let hd: HelpdeskServer;
  let browser: Browser;
  // Tab 1 (the first agent) and tab 2 (the second), each with its own session cookie.
  let one: OpenedPage;
  let two: OpenedPage;
  let customer: HelpdeskClient;
  let agent: HelpdeskClient;
  const cleo = { email: `cleo-${Date.now()}@test.example`, name: 'Cleo Customer', role: 'customer' } as const;

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true, users: [cleo] });
    customer = await apiAs(hd.base, cleo.email);
    agent = await apiAs(hd.base, DEMO.agent.email);
    browser = await launchChromium();
    [one, two] = await Promise.all([openPage(browser), openPage(browser)]);
    await signIn(one.page, hd.base, DEMO.agent.email);
    await signIn(two.page, hd.base, DEMO.agent2.email);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await hd?.close();
  });

  const ticket = (subject: string) =>
    customer.create('tickets', { subject, description: 'Details follow.', priority: 'high' });

  const history = async (id: string): Promise<HistoryEntry[]> => {
    const login = await fetch(`${hd.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.admin.email, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${hd.base}/api/entities/tickets/${id}/history`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { items: HistoryEntry[] }).items;
  };
  const priorityChanges = async (id: string) =>
    (await history(id)).filter((e) => e.operation !== 'create' && 'priority' in e.changes);

  const openTicket = async (page: Page, id: string, subject: string) => {
    await page.goto(`${hd.base}/tickets/${id}`);
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
  };
  const openEdit = async (page: Page) => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit ticket' });
    await dialog.getByLabel('Priority').waitFor();
    return dialog;
  };
  /** Tab 1 sets the priority to Urgent through its own edit dialog, and waits for the save. */
  const setUrgentInTabOne = async () => {
    const dialog = await openEdit(one.page);
    await dialog.getByLabel('Priority').selectOption('urgent');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  const patchOf = (page: Page, id: string) =>
    page.waitForRequest((r: Request) => r.method() === 'PATCH' && r.url().endsWith(`/tickets/${id}`));

  it('keeps the other agent’s priority when tab 2 changes only the tags: 412, the conflict dialog, Overwrite', async () => {
    const SUBJECT = 'Conflict: dock does not charge';
    const t = await ticket(SUBJECT);
    await openTicket(one.page, t.id, SUBJECT);
    await openTicket(two.page, t.id, SUBJECT);
    const edit = await openEdit(two.page);

    await setUrgentInTabOne();
    // Tab 2's dialog hears of it (realtime), says so, and keeps its own inputs as they were.
    const notice = edit.getByRole('status').filter({ hasText: 'Someone else changed this ticket' });
    await notice.getByText('Priority is now').waitFor();
    await expect.poll(() => notice.textContent()).toContain('Urgent');
    expect(await edit.getByLabel('Priority').inputValue()).toBe('high');
    await checkA11y(two.page);

    await edit.getByLabel('Tags').fill('dock, usb-c');
    const stale = patchOf(two.page, t.id);
    await edit.getByRole('button', { name: 'Save' }).click();
    // Only the field tab 2 changed, on the version its dialog opened on.
    const first = await stale;
    expect(first.postDataJSON()).toEqual({ tags: ['dock', 'usb-c'] });
    expect(first.headers()['if-match']).toBe(`"${t.version}"`);

    const conflict = two.page.getByRole('dialog', { name: 'Someone else changed this ticket' });
    const row = conflict.getByRole('row', { name: /^Priority/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Urgent', 'not changed']);
    await checkA11y(two.page);
    await shot(two.page, '60-edit-conflict-dialog');

    const overwrite = patchOf(two.page, t.id);
    await conflict.getByRole('button', { name: 'Overwrite' }).click();
    const second = await overwrite;
    expect(second.postDataJSON()).toEqual({ tags: ['dock', 'usb-c'] });
    expect(second.headers()['if-match']).toBe(`"${t.version + 1}"`);
    await edit.waitFor({ state: 'detached' });

    await expect.poll(async () => (await agent.get('tickets', t.id)).tags).toEqual(['dock', 'usb-c']);
    expect((await agent.get('tickets', t.id)).priority).toBe('urgent');
    // The history holds tab 1's change of priority and no change back.
    const changes = await priorityChanges(t.id);
    expect(changes.map((e) => e.changes.priority)).toEqual([['high', 'urgent']]);
    await two.page
      .getByRole('complementary', { name: 'Details' })
      .getByText('Urgent', { exact: true })
      .waitFor();
  });

  it('shows the other value when both change the same field; Reload takes it and keeps the rest of tab 2’s edit', async () => {
    const SUBJECT = 'Conflict: projector flickers';
    const t = await ticket(SUBJECT);
    await openTicket(one.page, t.id, SUBJECT);
    await openTicket(two.page, t.id, SUBJECT);
    const edit = await openEdit(two.page);
    await edit.getByLabel('Priority').selectOption('low');
    await edit.getByLabel('Tags').fill('projector');

    await setUrgentInTabOne();
    await edit.getByRole('status').getByText('Priority is now').waitFor();
    // What tab 2 typed is still there.
    expect(await edit.getByLabel('Priority').inputValue()).toBe('low');
    await edit.getByRole('button', { name: 'Save' }).click();

    const conflict = two.page.getByRole('dialog', { name: 'Someone else changed this ticket' });
    const row = conflict.getByRole('row', { name: /^Priority/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Urgent', 'Low']);
    await checkA11y(two.page);
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });

    // Theirs where both changed it; tab 2's own change to the tags kept on top.
    await expect.poll(() => edit.getByLabel('Priority').inputValue()).toBe('urgent');
    expect(await edit.getByLabel('Tags').inputValue()).toBe('projector');
    await edit.getByRole('status').getByText('Your changes to Tags are kept.').waitFor();
    await checkA11y(two.page);

    const save = patchOf(two.page, t.id);
    await edit.getByRole('button', { name: 'Save' }).click();
    const sent = await save;
    expect(sent.postDataJSON()).toEqual({ tags: ['projector'] });
    expect(sent.headers()['if-match']).toBe(`"${t.version + 1}"`);
    await edit.waitFor({ state: 'detached' });
    const saved = await agent.get('tickets', t.id);
    expect(saved).toMatchObject({ priority: 'urgent', tags: ['projector'] });
    expect((await priorityChanges(t.id)).map((e) => e.changes.priority)).toEqual([['high', 'urgent']]);
  });

  it('keeps what was typed in a transition dialog when the ticket changes underneath, and says so', async () => {
    const SUBJECT = 'Conflict: badge reader offline';
    const created = await ticket(SUBJECT);
    await agent.transition('tickets', created.id, 'triage', {});
    await openTicket(two.page, created.id, SUBJECT);
    await two.page.getByRole('button', { name: 'Resolve' }).click();
    const dialog = two.page.getByRole('dialog', { name: 'Resolve' });
    const resolution = dialog.getByLabel('Resolution');
    await resolution.fill('Replaced the reader’s power supply.');

    // Tab 1 changes the ticket while tab 2 is typing.
    await openTicket(one.page, created.id, SUBJECT);
    await setUrgentInTabOne();
    const notice = dialog.getByRole('status').filter({ hasText: 'Someone else changed this ticket' });
    await notice.getByText('What you typed is kept.').waitFor();
    await notice.getByText('Priority is now').waitFor();
    expect(await resolution.inputValue()).toBe('Replaced the reader’s power supply.');
    await checkA11y(two.page);
    await shot(two.page, '61-transition-dialog-changed');

    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await agent.get('tickets', created.id)).status).toBe('resolved');
    expect(await agent.get('tickets', created.id)).toMatchObject({
      priority: 'urgent',
      resolution: 'Replaced the reader’s power supply.',
    });
  });

  it('keeps a transition dialog open, with its text, when the other agent moves the ticket on first', async () => {
    const SUBJECT = 'Conflict: lift stuck on floor 3';
    const created = await ticket(SUBJECT);
    await agent.transition('tickets', created.id, 'triage', {});
    await openTicket(two.page, created.id, SUBJECT);
    await two.page.getByRole('button', { name: 'Resolve' }).click();
    const dialog = two.page.getByRole('dialog', { name: 'Resolve' });
    const resolution = dialog.getByLabel('Resolution');
    await resolution.fill('Called the lift company.');

    await agent.transition('tickets', created.id, 'resolve', { resolution: 'Lift restarted.' });
    const notice = dialog.getByRole('status').filter({ hasText: 'Someone else changed this ticket' });
    await notice.getByText('Resolve no longer applies: it is Resolved now.').waitFor();
    await notice.getByText('Status is now').waitFor();
    // Still open, the text still there; sending could only be refused, so it waits.
    expect(await resolution.inputValue()).toBe('Called the lift company.');
    expect(await dialog.getByRole('button', { name: 'Resolve' }).isDisabled()).toBe(true);
    await checkA11y(two.page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await agent.get('tickets', created.id)).resolution).toBe('Lift restarted.');
  });

  it('did all of it without page errors', () => {
    expect([...one.errors, ...two.errors]).toEqual([]);
  });
});
