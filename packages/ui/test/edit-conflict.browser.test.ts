/**
 * Issue #12 point 6, in Chromium: two agents, each in a browser context of their own, on one
 * ticket. One changes it while the other's edit dialog is open. The other's save sends only
 * what that agent changed, with the version the dialog opened on, so the server refuses it
 * (412) and a conflict dialog shows what changed; Overwrite keeps the other change, Reload
 * takes it, focus comes back to the form, and a second 412 asks again. axe on every dialog.
 */
import { describe, expect, it } from 'vitest';
import {
  checkA11y,
  focused,
  HAS_CHROMIUM,
  hold,
  noticeIfNoChromium,
  openEdit,
  openTicket,
  PASSWORD,
  requestTo,
  setUrgentInTabOne,
  shot,
  ticket,
  twoAgents,
} from './support';

noticeIfNoChromium();

type Changes = Readonly<Record<string, readonly [unknown, unknown]>>;

describe.skipIf(!HAS_CHROMIUM)('two agents edit one ticket', { timeout: 120_000 }, () => {
  const s = twoAgents();
  const priorityChanges = async (id: string) => {
    const login = await fetch(`${s.hd.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@helpdesk.test', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${s.hd.base}/api/entities/tickets/${id}/history`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { items } = (await res.json()) as { items: { operation: string; changes: Changes }[] };
    return items
      .filter((e) => e.operation !== 'create' && 'priority' in e.changes)
      .map((e) => e.changes.priority);
  };
  const conflictOf = () => s.two.page.getByRole('dialog', { name: 'Someone else changed this ticket' });

  it('keeps the other agent’s priority: 412, the conflict dialog, focus back on Save, Overwrite', async () => {
    const SUBJECT = 'Conflict: dock does not charge';
    const t = await ticket(s, SUBJECT);
    await openTicket(s, s.one.page, t.id, SUBJECT);
    await openTicket(s, s.two.page, t.id, SUBJECT);
    const edit = await openEdit(s.two.page);

    await setUrgentInTabOne(s);
    const notice = edit.getByRole('status').filter({ hasText: 'Someone else changed this ticket' });
    await expect.poll(() => notice.textContent()).toContain('Priority is now Urgent');
    expect(await edit.getByLabel('Priority').inputValue()).toBe('high');
    await checkA11y(s.two.page);

    await edit.getByLabel('Tags').fill('dock, usb-c');
    const stale = requestTo(s.two.page, t.id);
    await edit.getByRole('button', { name: 'Save' }).click();
    const first = await stale;
    expect(first.postDataJSON()).toEqual({ tags: ['dock', 'usb-c'] });
    expect(first.headers()['if-match']).toBe(`"${t.version}"`);

    const row = conflictOf().getByRole('row', { name: /^Priority/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Urgent', 'not changed']);
    await checkA11y(s.two.page);
    await shot(s.two.page, '60-edit-conflict-dialog');
    // Closed without a choice (Escape, then Keep editing): focus is back on Save, not the body.
    await s.two.page.keyboard.press('Escape');
    await expect.poll(() => focused(s.two.page)).toBe('BUTTON# Save');
    await edit.getByRole('button', { name: 'Save' }).click();
    await conflictOf().getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => focused(s.two.page)).toBe('BUTTON# Save');

    await edit.getByRole('button', { name: 'Save' }).click();
    const overwrite = requestTo(s.two.page, t.id);
    await conflictOf().getByRole('button', { name: 'Overwrite' }).click();
    const second = await overwrite;
    expect(second.postDataJSON()).toEqual({ tags: ['dock', 'usb-c'] });
    expect(second.headers()['if-match']).toBe(`"${t.version + 1}"`);
    await edit.waitFor({ state: 'detached' });

    expect(await s.agent.get('tickets', t.id)).toMatchObject({ priority: 'urgent', tags: ['dock', 'usb-c'] });
    expect(await priorityChanges(t.id)).toEqual([['high', 'urgent']]);
    // The page shows tab 2's tags once saved, and the priority is still theirs then.
    const details = s.two.page.getByRole('complementary', { name: 'Details' });
    await details.getByText('usb-c').waitFor();
    expect(await details.getByText('Urgent', { exact: true }).count()).toBe(1);
  });

  it('Reload takes their value where both changed it, keeps the rest, and focuses the kept field', async () => {
    const SUBJECT = 'Conflict: projector flickers';
    const t = await ticket(s, SUBJECT);
    await openTicket(s, s.one.page, t.id, SUBJECT);
    await openTicket(s, s.two.page, t.id, SUBJECT);
    const edit = await openEdit(s.two.page);
    await edit.getByLabel('Priority').selectOption('low');
    await edit.getByLabel('Tags').fill('projector');

    await setUrgentInTabOne(s);
    await edit.getByRole('status').getByText('Priority is now').waitFor();
    expect(await edit.getByLabel('Priority').inputValue()).toBe('low');
    await edit.getByRole('button', { name: 'Save' }).click();

    const row = conflictOf().getByRole('row', { name: /^Priority/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Urgent', 'Low']);
    await checkA11y(s.two.page);
    await conflictOf().getByRole('button', { name: 'Reload' }).click();
    await conflictOf().waitFor({ state: 'detached' });

    await expect.poll(() => edit.getByLabel('Priority').inputValue()).toBe('urgent');
    expect(await edit.getByLabel('Tags').inputValue()).toBe('projector');
    await edit.getByRole('status').getByText('Your changes to Tags are kept.').waitFor();
    await expect.poll(() => focused(s.two.page)).toMatch(/^INPUT#edit-tickets-tags/);
    await checkA11y(s.two.page);

    const save = requestTo(s.two.page, t.id);
    await edit.getByRole('button', { name: 'Save' }).click();
    const sent = await save;
    expect(sent.postDataJSON()).toEqual({ tags: ['projector'] });
    expect(sent.headers()['if-match']).toBe(`"${t.version + 1}"`);
    await edit.waitFor({ state: 'detached' });
    expect(await s.agent.get('tickets', t.id)).toMatchObject({ priority: 'urgent', tags: ['projector'] });
    expect(await priorityChanges(t.id)).toEqual([['high', 'urgent']]);
  });

  it('stays busy while a 412 is looked into, sends what was typed by then, and asks again on a second 412', async () => {
    const SUBJECT = 'Conflict: scanner jams';
    const t = await ticket(s, SUBJECT);
    await openTicket(s, s.two.page, t.id, SUBJECT);
    const edit = await openEdit(s.two.page);
    await s.agent.update('tickets', t.id, { priority: 'urgent' });
    await edit.getByRole('status').getByText('Priority is now').waitFor();
    await edit.getByLabel('Tags').fill('alpha');

    // The newest version, fetched after the 412, is held back; the user types on meanwhile.
    const release = await hold(s.two.page, `**/api/entities/tickets/${t.id}`, 'GET');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.getByRole('button', { name: 'Saving…' }).isDisabled()).toBe(true);
    await edit.getByLabel('Tags').fill('alpha, beta');
    expect(await edit.getByRole('button', { name: 'Saving…' }).isDisabled()).toBe(true);
    release();
    await conflictOf()
      .getByRole('row', { name: /^Priority/ })
      .waitFor();

    // A third change lands while the question is open: Overwrite is refused again, and asks again.
    const third = await s.agent.update('tickets', t.id, { category: 'billing' });
    const again = requestTo(s.two.page, t.id);
    await conflictOf().getByRole('button', { name: 'Overwrite' }).click();
    expect((await again).headers()['if-match']).toBe(`"${t.version + 1}"`);
    await conflictOf()
      .getByRole('row', { name: /^Category/ })
      .waitFor();
    await checkA11y(s.two.page);
    const last = requestTo(s.two.page, t.id);
    await conflictOf().getByRole('button', { name: 'Overwrite' }).click();
    const sent = await last;
    expect(sent.postDataJSON()).toEqual({ tags: ['alpha', 'beta'] });
    expect(sent.headers()['if-match']).toBe(`"${third.version}"`);
    await edit.waitFor({ state: 'detached' });
    expect(await s.agent.get('tickets', t.id)).toMatchObject({
      priority: 'urgent',
      category: 'billing',
      tags: ['alpha', 'beta'],
    });
  });

  it('did all of it without page errors', () => {
    expect([...s.one.errors, ...s.two.errors]).toEqual([]);
  });
});
