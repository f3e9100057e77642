/**
 * The outbox's bodies in `/api/mail`: shown by default (development), none with
 * `outboxBodies: false` (a production server kept on the outbox), while whoever listens to
 * the outbox still gets each mail whole.
 */
import { createTestApp, testDialects } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import type { OutboxMail } from './dev-outbox';
import { mailApp } from './mail-test-app';

describe.each(testDialects())('the outbox bodies on %s', (dialect) => {
  it.each([
    { outboxBodies: undefined, shown: true },
    { outboxBodies: false, shown: false },
  ])('outboxBodies: $outboxBodies → bodies shown: $shown', async ({ outboxBodies, shown }) => {
    const heard: OutboxMail[] = [];
    await using t = await createTestApp(mailApp, {
      database: dialect,
      server: {
        mail: { onOutbox: (m) => heard.push(m), ...(outboxBodies === undefined ? {} : { outboxBodies }) },
      },
    });
    const boss = await t.clientAs('boss');
    const { id, email } = boss.user!;
    await t.core.action({ id, role: 'boss', email }, 'notify', {
      to: 'ann@example.com',
      name: 'Ann',
      fail: false,
    });
    await t.nf.mailer.deliverDue();
    expect(heard.map((m) => m.text.includes('https://app.test/tickets/42'))).toEqual([true]);
    const res = await t.inject({ method: 'GET', url: '/api/mail', headers: boss.headers() });
    const [entry] = res.json().items;
    expect(entry).toMatchObject({ to: 'ann@example.com', status: 'sent' });
    expect('text' in entry && 'html' in entry).toBe(shown);
    expect(res.body.includes('tickets/42')).toBe(shown);
  });
});
