import type { MailEntry } from '@ninefold/spec';
import { createTestApp, testDialects } from '@ninefold/testing';
import { describe, expect, it } from 'vitest';
import { DevOutbox, OUTBOX_SIZE, type OutboxMail } from './dev-outbox';
import { mailOptionsFromEnv } from './mail-options';
import { mailApp } from './mail-test-app';

describe.each(testDialects())('the development outbox on %s', (dialect) => {
  it('keeps the bodies, announces each mail, and shows them to admins only at GET /api/mail', async () => {
    const announced: OutboxMail[] = [];
    await using t = await createTestApp(mailApp, {
      database: dialect,
      server: { mail: { onOutbox: (m) => announced.push(m), appUrl: () => 'https://acme.example/' } },
    });
    const member = await t.clientAs('member');
    const boss = await t.clientAs('boss');
    await t.core.action({ id: boss.user!.id, role: 'boss', email: boss.user!.email }, 'notify', {
      to: 'ann@example.com',
      name: 'Ann <b>',
      fail: false,
    });
    await t.nf.mailer.deliverDue();
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({
      to: 'ann@example.com',
      from: '"Mail tests" <no-reply@acme.example>',
      subject: 'Your ticket 42 was answered',
    });
    expect(t.nf.mailer.outbox).toEqual(announced);

    const cases = [
      { who: 'an admin', headers: boss.headers(), status: 200 },
      { who: 'a member', headers: member.headers(), status: 403, code: 'FORBIDDEN' },
      { who: 'an anonymous caller', headers: {}, status: 401, code: 'UNAUTHENTICATED' },
    ];
    for (const c of cases) {
      const res = await t.inject({ method: 'GET', url: '/api/mail', headers: c.headers });
      expect(res.statusCode, c.who).toBe(c.status);
      if (c.code) {
        expect(res.json(), c.who).toMatchObject({ code: c.code });
        expect(res.body, c.who).not.toContain('ann@example.com');
        continue;
      }
      const { items } = res.json() as { items: MailEntry[] };
      expect(items).toEqual([
        {
          id: announced[0]!.id,
          message: 'ticketAnswered',
          to: 'ann@example.com',
          subject: 'Your ticket 42 was answered',
          status: 'sent',
          attempts: 1,
          createdAt: expect.any(String),
          sentAt: expect.any(String),
          error: null,
          text: announced[0]!.text,
          html: announced[0]!.html,
        },
      ]);
      expect(items[0]!.html).toContain('Ann &lt;b&gt;');
    }
  });
});

describe('DevOutbox', () => {
  it(`keeps the last ${OUTBOX_SIZE} mails`, async () => {
    const outbox = new DevOutbox();
    for (let i = 0; i < OUTBOX_SIZE + 5; i++) {
      await outbox.send({
        id: String(i),
        message: 'm',
        from: 'f',
        to: 't',
        subject: 's',
        text: 'x',
        html: 'y',
      });
    }
    expect(outbox.mails).toHaveLength(OUTBOX_SIZE);
    expect(outbox.mails[0]!.id).toBe('5');
    expect(outbox.find('4')).toBeUndefined();
    expect(outbox.find('104')?.text).toBe('x');
  });
});

describe('mailOptionsFromEnv', () => {
  it.each([
    [{}, {}],
    [{ SMTP_URL: ' ', MAIL_FROM: '', APP_URL: undefined }, {}],
    [
      {
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Acme <no-reply@acme.example>',
        APP_URL: 'https://acme.example',
      },
      { smtpUrl: 'smtp://mail:25', from: 'Acme <no-reply@acme.example>', appUrl: 'https://acme.example' },
    ],
  ])('reads %j', (env, options) => {
    expect(mailOptionsFromEnv(env)).toEqual(options);
  });
});
