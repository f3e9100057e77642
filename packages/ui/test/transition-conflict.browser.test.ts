/**
 * Issue #12 point 6, transition dialogs, in Chromium: what was typed in one stays when the
 * ticket changes underneath; it runs on the newest version it has shown (If-Match), so a
 * change made while its request is out is refused (412), fetched and said; no refusal of any
 * kind closes it; it waits, saying why, once the transition no longer applies. A one-click
 * transition sends the version shown too. axe on every dialog.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  checkA11y,
  HAS_CHROMIUM,
  hold,
  noticeIfNoChromium,
  openTicket,
  requestTo,
  shot,
  ticket,
  twoAgents,
} from './support';

noticeIfNoChromium();

describe.skipIf(!HAS_CHROMIUM)('a transition dialog on a ticket that changes', { timeout: 120_000 }, () => {
  const s = twoAgents();
  /** An open ticket on tab 2's screen, with its Resolve dialog open and filled in. */
  const resolving = async (subject: string, text: string) => {
    const created = await ticket(s, subject);
    const t = await s.agent.transition('tickets', created.id, 'triage', {});
    await openTicket(s, s.two.page, t.id, subject);
    await s.two.page.getByRole('button', { name: 'Resolve' }).click();
    const dialog = s.two.page.getByRole('dialog', { name: 'Resolve' });
    await dialog.getByLabel('Resolution').fill(text);
    return { t, dialog, resolution: dialog.getByLabel('Resolution') };
  };
  const answerWith = (page: Page, url: string, status: number, code: string) =>
    page.route(url, (route) =>
      route.fulfill({
        status,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: `urn:ninefold:problem:${code}`,
          title: code,
          status,
          code,
          detail: code,
        }),
      }),
    );

  it('keeps what was typed when the ticket changes underneath, and says so', async () => {
    const { t, dialog, resolution } = await resolving('Conflict: badge reader offline', 'Replaced the PSU.');
    await s.agent.update('tickets', t.id, { priority: 'urgent' });
    const notice = dialog.getByRole('status').filter({ hasText: 'Someone else changed this ticket' });
    await notice.getByText('What you typed is kept.').waitFor();
    await expect.poll(() => notice.textContent()).toContain('Priority is now Urgent');
    expect(await resolution.inputValue()).toBe('Replaced the PSU.');
    await checkA11y(s.two.page);
    await shot(s.two.page, '61-transition-dialog-changed');
    const sent = requestTo(s.two.page, t.id, 'POST', '/transitions/resolve');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    expect((await sent).headers()['if-match']).toBe(`"${t.version + 1}"`);
    await dialog.waitFor({ state: 'detached' });
    expect(await s.agent.get('tickets', t.id)).toMatchObject({
      status: 'resolved',
      resolution: 'Replaced the PSU.',
    });
  });

  it('is refused (412) for a change made while its request is out, says what it was, and runs on the next try', async () => {
    const { t, dialog, resolution } = await resolving('Conflict: lift stuck', 'Called the lift company.');
    const release = await hold(s.two.page, `**/api/entities/tickets/${t.id}/transitions/resolve`, 'POST');
    const first = requestTo(s.two.page, t.id, 'POST', '/transitions/resolve');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    expect((await first).headers()['if-match']).toBe(`"${t.version}"`);
    const theirs = await s.agent.update('tickets', t.id, { priority: 'urgent' });
    release();
    const notice = dialog.getByRole('status').filter({ hasText: 'Someone else changed this ticket' });
    await expect.poll(() => notice.textContent()).toContain('Priority is now Urgent');
    expect(await resolution.inputValue()).toBe('Called the lift company.');
    await expect.poll(() => dialog.getByRole('button', { name: 'Resolve' }).isEnabled()).toBe(true);
    expect((await s.agent.get('tickets', t.id)).status).toBe('open');
    const second = requestTo(s.two.page, t.id, 'POST', '/transitions/resolve');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    expect((await second).headers()['if-match']).toBe(`"${theirs.version}"`);
    await dialog.waitFor({ state: 'detached' });
  });

  it('stays open with the text on any refusal, and says it in place', async () => {
    const { t, dialog, resolution } = await resolving('Conflict: phones down', 'Rebooted the PBX.');
    const url = `**/api/entities/tickets/${t.id}/transitions/resolve`;
    for (const [status, code, words] of [
      [403, 'FORBIDDEN', 'You are not allowed to do this.'],
      [409, 'INVALID_TRANSITION', 'INVALID_TRANSITION'],
      [500, 'INTERNAL', 'Something went wrong on our side.'],
    ] as const) {
      await answerWith(s.two.page, url, status, code);
      await dialog.getByRole('button', { name: 'Resolve' }).click();
      await dialog.getByRole('alert').getByText(words).waitFor();
      expect(await resolution.inputValue()).toBe('Rebooted the PBX.');
      await s.two.page.unroute(url);
    }
    await checkA11y(s.two.page);
    // A 412 where nothing visible changed is said too, not just a button coming back.
    await answerWith(s.two.page, url, 412, 'VERSION_MISMATCH');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.getByRole('status').getByText('changing nothing you can see').waitFor();
    await s.two.page.unroute(url);
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await s.agent.get('tickets', t.id)).resolution).toBe('Rebooted the PBX.');
  });

  it('waits, keeping the text, when the other agent moves the ticket on first', async () => {
    const { t, dialog, resolution } = await resolving('Conflict: lights flicker', 'Swapped the ballast.');
    await s.agent.transition('tickets', t.id, 'resolve', { resolution: 'Fuse replaced.' });
    const notice = dialog.getByRole('status').filter({ hasText: 'Someone else changed this ticket' });
    await notice.getByText('Resolve no longer applies: it is Resolved now.').waitFor();
    await notice.getByText('Status is now').waitFor();
    expect(await resolution.inputValue()).toBe('Swapped the ballast.');
    expect(await dialog.getByRole('button', { name: 'Resolve' }).isDisabled()).toBe(true);
    await checkA11y(s.two.page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await s.agent.get('tickets', t.id)).resolution).toBe('Fuse replaced.');
  });

  it('sends the version shown with a one-click transition', async () => {
    const created = await ticket(s, 'Conflict: one click waits');
    const t = await s.agent.transition('tickets', created.id, 'triage', {});
    await openTicket(s, s.two.page, t.id, 'Conflict: one click waits');
    const sent = requestTo(s.two.page, t.id, 'POST', '/transitions/await');
    await s.two.page.getByRole('button', { name: 'Wait for customer' }).click();
    expect((await sent).headers()['if-match']).toBe(`"${t.version}"`);
    await expect.poll(async () => (await s.agent.get('tickets', t.id)).status).toBe('pending');
  });

  it('did all of it without page errors', () => {
    expect([...s.one.errors, ...s.two.errors]).toEqual([]);
  });
});
