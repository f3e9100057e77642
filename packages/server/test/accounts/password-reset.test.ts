/**
 * Password reset, once per dialect: the mail's link sets a new password, signs in, and ends
 * every other session of the account — on this server at once, and on PostgreSQL on a
 * second server sharing the database too (two cores in one test; the real two-process run
 * is the CLI's). The old password stops working; the new one works.
 */
import { createTestApp, type TestMailbox, testDialects, testMailbox } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { call, type ExpenseTestApp, signInToken } from './account-client';
import { expenseApp } from './expense-app';
import { mailStatuses, nextMail, tokenFor } from './mail-links';

const RESET = '/api/auth/password-reset';
const CONFIRM = '/api/auth/password-reset/confirm';
const NEW_PASSWORD = 'brand-new-passphrase-7';

describe.each(testDialects())('password reset on %s', (dialect) => {
  let t: ExpenseTestApp;
  let mailbox: TestMailbox;
  let other: Ninefold | undefined;
  beforeAll(async () => {
    mailbox = await testMailbox();
    t = await createTestApp(expenseApp, { database: dialect, listen: false, mail: mailbox });
    if (dialect === 'postgres')
      other = await createNinefold(expenseApp, { database: t.databaseUrl, now: t.clock.now, logger: false });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await mailbox?.close();
  });

  const meOn = async (server: Ninefold['server'], token: string) =>
    (
      await server.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  it('mails a link that sets a new password, signs in, and ends every old session everywhere', async () => {
    const user = await t.createUser('employee');
    const sessions = [
      await signInToken(t, user.email, user.password),
      await signInToken(t, user.email, user.password),
    ];
    for (const s of sessions) {
      expect(await meOn(t.nf.server, s)).toBe(200);
      if (other) expect(await meOn(other.server, s)).toBe(200);
    }
    const asked = await call(t, 'POST', RESET, { email: user.email.toUpperCase() });
    expect([asked.status, asked.raw]).toEqual([202, '']);
    const mail = await nextMail(t, mailbox, user.email);
    expect(mail.subject).toBe('Reset your Expenses password');
    expect(mail.text).toContain(`Hello ${user.name}`);
    expect(mail.text).toContain('within 60 minutes');
    const link = mailbox.linkIn(mail, '/reset-password');
    const token = new URL(link).searchParams.get('token')!;
    expect(link).toBe(`http://app.test/reset-password?token=${token}`);
    const done = await t.inject({ method: 'POST', url: CONFIRM, payload: { token, password: NEW_PASSWORD } });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ id: user.id, emailVerified: true });
    expect(String(done.headers['set-cookie'])).toContain('nf_session=');
    for (const s of sessions) {
      expect(await meOn(t.nf.server, s)).toBe(401);
      if (other) expect(await meOn(other.server, s)).toBe(401);
    }
    expect(await meOn(t.nf.server, done.json().token)).toBe(200);
    if (other) expect(await meOn(other.server, done.json().token)).toBe(200);
    const login = (password: string) => call(t, 'POST', '/api/auth/login', { email: user.email, password });
    expect((await login(user.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });

  it('drops the mail for an unknown, disabled or service address (nothing sent, no token made)', async () => {
    const disabled = await t.createUser('employee', { fields: { disabled: true } });
    const robot = await t.createUser('robot');
    const unknown = `nobody-${dialect}@example.com`;
    for (const email of [unknown, disabled.email, robot.email]) {
      expect((await call(t, 'POST', RESET, { email })).status).toBe(202);
      expect(await mailStatuses(t, email)).toEqual(['dropped']);
    }
    expect(
      mailbox.messages.filter((m) => m.to.some((to) => [unknown, disabled.email, robot.email].includes(to))),
    ).toEqual([]);
    const tokens = await t.db.all(
      t.db.qb.selectFrom('nf_tokens').select('id').where('userId', 'in', [disabled.id, robot.id]),
    );
    expect(tokens).toEqual([]);
  });

  it('answers 422 to a weak password and changes nothing; the link still works after', async () => {
    const user = await t.createUser('manager');
    await call(t, 'POST', RESET, { email: user.email });
    const token = await tokenFor(t, mailbox, user.email, '/reset-password');
    for (const payload of [
      { token, password: 'password1' },
      { token, password: 'short' },
      { token, password: 12345678 },
      { token, password: NEW_PASSWORD, extra: true },
      { password: NEW_PASSWORD },
    ]) {
      const res = await call(t, 'POST', CONFIRM, payload);
      expect([res.status, res.body.code], JSON.stringify(payload)).toEqual([422, 'VALIDATION_FAILED']);
    }
    expect(
      (await call(t, 'POST', '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(200);
    expect((await call(t, 'POST', CONFIRM, { token, password: NEW_PASSWORD })).status).toBe(200);
  });
});
