import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestMailbox, testMailbox } from './test-mailbox';

let mailbox: TestMailbox;
beforeAll(async () => {
  mailbox = await testMailbox();
});
afterAll(() => mailbox.close());

const send = (to: string, subject: string, text: string, html?: string) =>
  createTransport({ url: mailbox.url }).sendMail({
    from: '"Helpdesk" <no-reply@app.test>',
    to,
    subject,
    text,
    ...(html ? { html } : {}),
  });

describe('testMailbox', () => {
  it('receives mail sent through nodemailer, parsed', async () => {
    await send(
      'Ann@Example.com',
      'Reset your password',
      'Here: http://app.test/reset-password?token=abc.',
      '<p>Here</p>',
    );
    const mail = await mailbox.next('ann@example.com');
    expect(mail).toEqual({
      to: ['ann@example.com'],
      from: '"Helpdesk" <no-reply@app.test>',
      subject: 'Reset your password',
      text: 'Here: http://app.test/reset-password?token=abc.',
      html: '<p>Here</p>',
    });
    expect(mailbox.linkIn(mail, '/reset-password')).toBe('http://app.test/reset-password?token=abc');
    expect(mailbox.messages).toContain(mail);
  });

  it('hands each message out once, in order, whether it came before or after the call', async () => {
    await send('bob@example.com', 'first', 'one');
    expect((await mailbox.next('bob@example.com')).subject).toBe('first');
    const second = mailbox.next('bob@example.com');
    const third = mailbox.next('bob@example.com');
    await send('carol@example.com', 'not for bob', 'x');
    await send('bob@example.com', 'second', 'two');
    await send('bob@example.com', 'third', 'three');
    expect((await second).subject).toBe('second');
    expect((await third).subject).toBe('third');
  });

  it('says what arrived when the awaited mail does not', async () => {
    await expect(mailbox.next('nobody@example.com', { timeoutMs: 50 })).rejects.toThrow(
      /no mail to nobody@example.com within 50 ms \(received: .*ann@example.com: Reset your password/,
    );
  });

  it('throws with the text when the route has no link', async () => {
    const mail = (await mailbox.next('carol@example.com'))!;
    expect(() => mailbox.linkIn(mail, '/verify-email')).toThrow(
      /no link to \/verify-email in the mail "not for bob":\nx/,
    );
  });
});
