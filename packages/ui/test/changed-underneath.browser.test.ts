/**
 * An edit dialog whose ticket is deleted, whose refetch fails, or whose fields the user may
 * no longer change, in Chromium (issue #12 point 6): the dialog stays, with what was typed,
 * and says what happened; a save certain to be refused is not sent, nor offered as
 * Overwrite. axe on every dialog.
 */
import { describe, expect, it } from 'vitest';
import {
  checkA11y,
  HAS_CHROMIUM,
  hold,
  noticeIfNoChromium,
  openEdit,
  openPage,
  openTicket,
  requestTo,
  signIn,
  ticket,
  twoAgents,
} from './support';

noticeIfNoChromium();

describe.skipIf(!HAS_CHROMIUM)('a ticket changed under an open edit dialog', { timeout: 120_000 }, () => {
  const s = twoAgents();

  it('says the ticket is gone when it is deleted, keeps the dialog and its text, and Save waits', async () => {
    const SUBJECT = 'Gone: monitor cable frayed';
    const t = await ticket(s, SUBJECT);
    await openTicket(s, s.two.page, t.id, SUBJECT);
    const edit = await openEdit(s.two.page);
    await edit.getByLabel('Tags').fill('cable');
    await s.admin.delete('tickets', t.id);
    await edit
      .getByRole('status')
      .getByText('This ticket was deleted, or you may no longer see it.')
      .waitFor();
    expect(await edit.getByLabel('Tags').inputValue()).toBe('cable');
    await expect.poll(() => edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    // On the page behind the dialog (hidden from the accessibility tree while it is open).
    await s.two.page
      .getByRole('alert', { includeHidden: true })
      .getByText('This ticket was deleted')
      .waitFor();
    await checkA11y(s.two.page);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await s.two.page.getByRole('heading', { level: 1, name: 'No such ticket' }).waitFor();
  });

  it('keeps the dialog and the page when a refetch fails, and says so in a banner', async () => {
    const SUBJECT = 'Refetch: keyboard sticky';
    const t = await ticket(s, SUBJECT);
    await openTicket(s, s.two.page, t.id, SUBJECT);
    const edit = await openEdit(s.two.page);
    await edit.getByLabel('Tags').fill('keyboard');
    const url = `**/api/entities/tickets/${t.id}`;
    await s.two.page.route(url, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 429,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              status: 429,
              code: 'RATE_LIMITED',
              title: 'Too many',
              detail: 'Too many requests.',
            }),
          })
        : route.fallback(),
    );
    // Their change comes by realtime; the refetch it causes is refused.
    await s.agent.update('tickets', t.id, { priority: 'urgent' });
    await s.two.page.getByRole('alert', { includeHidden: true }).getByText('Too many requests.').waitFor();
    await edit.getByRole('status').getByText('Priority is now').waitFor();
    expect(await edit.getByLabel('Tags').inputValue()).toBe('keyboard');
    expect(
      await s.two.page.getByRole('heading', { level: 1, name: SUBJECT, includeHidden: true }).count(),
    ).toBe(1);
    await checkA11y(s.two.page);
    await s.two.page.unroute(url);
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('names the fields the customer may no longer change, and offers no Overwrite over them', async () => {
    const cleo = await openPage(s.browser);
    await signIn(cleo.page, s.hd.base, s.cleo.email);
    const SUBJECT = 'Rights: my laptop is slow';
    const t = await ticket(s, SUBJECT);
    await openTicket(s, cleo.page, t.id, SUBJECT);
    const edit = await openEdit(cleo.page, 'Subject');
    await edit.getByLabel('Subject').fill('Rights: my laptop is very slow');
    // The agent triages it; what Cleo may change comes with the record's refetch, held back.
    const release = await hold(cleo.page, `**/api/entities/tickets/${t.id}`, 'GET');
    await s.agent.transition('tickets', t.id, 'triage', {});
    await edit.getByRole('status').getByText('Status is now').waitFor();
    const stale = requestTo(cleo.page, t.id);
    await edit.getByRole('button', { name: 'Save' }).click();
    expect((await stale).headers()['if-match']).toBe(`"${t.version}"`);
    release();
    const conflict = cleo.page.getByRole('dialog', { name: 'Someone else changed this ticket' });
    await conflict.getByText('You may no longer change Subject').waitFor();
    expect(await conflict.getByRole('button', { name: 'Overwrite' }).count()).toBe(0);
    await checkA11y(cleo.page);
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await edit.getByRole('status').getByText('You may no longer change Subject, Description').waitFor();

    let patches = 0;
    cleo.page.on('request', (r) => void (r.method() === 'PATCH' && patches++));
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('You may no longer change Subject.').waitFor();
    expect(patches).toBe(0);
    expect(await edit.getByLabel('Subject').inputValue()).toBe('Rights: my laptop is very slow');
    expect(cleo.errors).toEqual([]);
    await cleo.context.close();
  });

  it('did all of it without page errors', () => {
    expect([...s.one.errors, ...s.two.errors]).toEqual([]);
  });
});
