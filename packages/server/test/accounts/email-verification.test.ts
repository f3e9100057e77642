/**
 * Email verification and change of email, once per dialect: a verifying role's sign-up gets a
 * link; until it is followed every write answers 403 EMAIL_NOT_VERIFIED (nothing written)
 * while reads work; `actAs` acts as the other role until then. A new email takes effect only
 * when the link mailed to the NEW address is followed; a taken one answers the same and gets
 * no mail.
 */
import { createTestApp, type TestMailbox, testDialects, testMailbox } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ExpenseTestApp, signInToken } from './account-client';
import { expenseApp } from './expense-app';
import { mailStatuses, nextMail, tokenFor } from './mail-links';

const VERIFY = '/api/auth/verify-email';
const CLAIMS = '/api/entities/claims';
const PASSWORD = 'verify-me-please-9';

describe.each(testDialects())('email verification on %s', (dialect) => {
  let t: ExpenseTestApp;
  let mailbox: TestMailbox;
  beforeAll(async () => {
    mailbox = await testMailbox();
    t = await createTestApp(expenseApp, { database: dialect, listen: false, mail: mailbox });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  const claimCount = async () => (await t.db.all(t.db.qb.selectFrom('claims').select('id'))).length;

  it('a sign-up gets a link; writes are refused until it is followed, reads are not', async () => {
    const email = `cust-${dialect}@example.com`;
    const signed = await call(t, 'POST', '/api/auth/signup', { email, name: 'Cora', password: PASSWORD });
    expect(signed.status).toBe(201);
    expect(signed.body.user.emailVerified).toBe(false);
    const token = signed.body.token as string;
    const before = await claimCount();
    const refused = await call(t, 'POST', CLAIMS, { title: 'Taxi', amount: 12 }, { token });
    expect([refused.status, refused.body.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    expect(await claimCount()).toBe(before);
    expect((await call(t, 'GET', CLAIMS, undefined, { token })).status).toBe(200);
    const link = await tokenFor(t, mailbox, email, '/verify-email');
    const verified = await call(t, 'POST', VERIFY, { token: link });
    expect([verified.status, verified.body]).toEqual([200, { email }]);
    expect((await call(t, 'POST', CLAIMS, { title: 'Taxi', amount: 12 }, { token })).status).toBe(201);
    expect((await call(t, 'GET', '/api/auth/me', undefined, { token })).body.user.emailVerified).toBe(true);
    // Verified: asking again sends nothing.
    expect((await call(t, 'POST', `${VERIFY}/resend`, {}, { token })).status).toBe(202);
    expect(await mailStatuses(t, email)).toEqual(['sent']);
  });

  it('actAs: an unverified vendor acts as a guest until the resent link is followed', async () => {
    const vendor = await t.createUser('vendor');
    const token = await signInToken(t, vendor.email, vendor.password);
    const refused = await call(t, 'POST', CLAIMS, { title: 'Parts', amount: 90 }, { token });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await call(t, 'GET', CLAIMS, undefined, { token })).status).toBe(200);
    // /me says which role the rules judge the caller by, so the UI offers only what it may do.
    const me = async () => (await call(t, 'GET', '/api/auth/me', undefined, { token })).body.user;
    expect(await me()).toMatchObject({ role: 'vendor', actingRole: 'guest' });
    expect((await call(t, 'POST', `${VERIFY}/resend`, {}, { token })).status).toBe(202);
    const link = await tokenFor(t, mailbox, vendor.email, '/verify-email');
    expect((await call(t, 'POST', VERIFY, { token: link })).status).toBe(200);
    expect((await call(t, 'POST', CLAIMS, { title: 'Parts', amount: 90 }, { token })).status).toBe(201);
    expect((await me()).actingRole).toBeUndefined();
  });

  it('changes the email only once the link mailed to the new address is followed', async () => {
    const user = await t.createUser('manager');
    const token = await signInToken(t, user.email, user.password);
    const fresh = `moved-${dialect}@example.com`;
    const asked = await call(
      t,
      'POST',
      '/api/auth/email',
      { email: fresh, currentPassword: user.password },
      { token },
    );
    expect([asked.status, asked.raw]).toEqual([202, '']);
    expect(await mailStatuses(t, user.email)).toEqual([]);
    const mail = await nextMail(t, mailbox, fresh);
    expect(mail.subject).toBe('Confirm your new email address for Expenses');
    expect(mail.text).toContain(`You asked to use ${fresh}`);
    // Until the link is followed the old address stays.
    expect(
      (await call(t, 'POST', '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(200);
    const link = new URL(mailbox.linkIn(mail, '/verify-email')).searchParams.get('token');
    expect((await call(t, 'POST', VERIFY, { token: link })).body).toEqual({ email: fresh });
    expect(
      (await call(t, 'POST', '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(401);
    expect((await call(t, 'POST', '/api/auth/login', { email: fresh, password: user.password })).status).toBe(
      200,
    );
    // The session survives the change and sees the new address.
    expect((await call(t, 'GET', '/api/auth/me', undefined, { token })).body.user.email).toBe(fresh);
  });

  it('a taken address answers 202 and sends nothing; a wrong password 401; bad input 422', async () => {
    const user = await t.createUser('manager');
    const taken = await t.createUser('employee');
    const token = await signInToken(t, user.email, user.password);
    const change = (payload: unknown) => call(t, 'POST', '/api/auth/email', payload, { token });
    expect((await change({ email: taken.email, currentPassword: user.password })).status).toBe(202);
    expect(await mailStatuses(t, taken.email)).toEqual([]);
    const wrong = await change({ email: `w-${dialect}@example.com`, currentPassword: 'not-my-password' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    for (const payload of [
      { email: 'not-an-email', currentPassword: user.password },
      { email: 5 },
      { email: `z-${dialect}@example.com`, currentPassword: user.password, role: 'admin' },
    ]) {
      expect((await change(payload)).status, JSON.stringify(payload)).toBe(422);
    }
    expect(await mailStatuses(t, `w-${dialect}@example.com`)).toEqual([]);
    expect(await mailStatuses(t, `z-${dialect}@example.com`)).toEqual([]);
  });
});
