/**
 * Every new account endpoint is limited by the built-in windows, once per dialect: `mail`
 * (5 an hour per recipient) for those that send mail, `account` (30 per 10 minutes per
 * user, else per address) for every write, `accountReads` (120 a minute per user) for the
 * lists; over it, 429 RATE_LIMITED with Retry-After.
 */
import { createTestApp, testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, type ExpenseTestApp, signedInAs } from './account-client';
import { expenseApp } from './expense-app';

const MAIL_MAX = 5;
const ACCOUNT_MAX = 30;
const READS_MAX = 120;

function limited(res: Answer): void {
  expect([res.status, res.body?.code]).toEqual([429, 'RATE_LIMITED']);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe.each(testDialects())('account flow limits on %s', (dialect) => {
  let t: ExpenseTestApp;
  beforeAll(async () => {
    t = await createTestApp(expenseApp, { database: dialect, listen: false, clock: Date.now() });
  });
  afterAll(() => t?.close());

  /** Sends `send(i)` `n` times, each answered as not limited, then once more: limited. */
  const overflow = async (n: number, send: (i: number) => Promise<Answer>) => {
    for (let i = 0; i < n; i++) expect((await send(i)).status, `try ${i}`).not.toBe(429);
    limited(await send(n));
  };

  it('mail: reset, invitation, resend and email change, per recipient', async () => {
    const email = `flood-${dialect}@example.com`;
    await overflow(MAIL_MAX, () => call(t, 'POST', '/api/auth/password-reset', { email }));
    const admin = await signedInAs(t, 'admin');
    const invited = `inv-${dialect}@example.com`;
    await overflow(MAIL_MAX, () =>
      call(t, 'POST', '/api/auth/invitations', { email: invited, role: 'employee' }, admin),
    );
    const vendor = await signedInAs(t, 'vendor');
    await overflow(MAIL_MAX, () => call(t, 'POST', '/api/auth/verify-email/resend', {}, vendor));
    const manager = await signedInAs(t, 'manager');
    const target = `target-${dialect}@example.com`;
    await overflow(MAIL_MAX, () =>
      call(t, 'POST', '/api/auth/email', { email: target, currentPassword: manager.password }, manager),
    );
  });

  it('mail-sending writes of a signed-in user count in the `account` window too, not only `mail`', async () => {
    // A new recipient each time, so `mail` never fills: the 31st is refused by `account`.
    const manager = await signedInAs(t, 'manager');
    await overflow(ACCOUNT_MAX, (i) =>
      call(
        t,
        'POST',
        '/api/auth/email',
        { email: `change-${i}-${dialect}@example.com`, currentPassword: manager.password },
        manager,
      ),
    );
    // Resend has one recipient, the vendor: 29 other writes and one resend fill `account`
    // while `mail` holds 1 of 5, so the second resend is refused by `account`.
    const vendor = await signedInAs(t, 'vendor');
    const weak = { currentPassword: vendor.password, password: 'short' };
    for (let i = 0; i < ACCOUNT_MAX - 1; i++) {
      expect((await call(t, 'POST', '/api/auth/password', weak, vendor)).status).toBe(422);
    }
    expect((await call(t, 'POST', '/api/auth/verify-email/resend', {}, vendor)).status).toBe(202);
    limited(await call(t, 'POST', '/api/auth/verify-email/resend', {}, vendor));
  });

  it.each([
    ['/api/auth/invitations', 'admin'],
    ['/api/auth/api-keys', 'manager'],
    ['/api/mail', 'admin'],
  ] as const)('accountReads: GET %s, 120 a minute per user', async (url, role) => {
    const user = await signedInAs(t, role);
    await overflow(READS_MAX, () => call(t, 'GET', url, undefined, user));
    // The writes' window is another: the user may still write.
    const weak = { currentPassword: user.password, password: 'short' };
    expect((await call(t, 'POST', '/api/auth/password', weak, user)).status).toBe(422);
    t.clock.advance({ seconds: 61 });
    expect((await call(t, 'GET', url, undefined, user)).status).toBe(200);
  });

  it('account: the public routes per address', async () => {
    for (const [url, body] of [
      ['/api/auth/password-reset', (i: number) => ({ email: `a${i}-${dialect}@example.com` })],
      ['/api/auth/password-reset/confirm', () => ({ token: 'x'.repeat(43), password: 'good-enough-pass-1' })],
      ['/api/auth/verify-email', () => ({ token: 'x'.repeat(43) })],
      ['/api/auth/invitations/accept', () => ({ token: 'x'.repeat(43), password: 'good-enough-pass-1' })],
    ] as const) {
      const address = `10.99.${url.length}.${dialect.length}`;
      await overflow(ACCOUNT_MAX, (i) => call(t, 'POST', url, body(i), { address }));
    }
  });

  it('account: the signed-in routes per user, one window for all of them', async () => {
    const manager = await signedInAs(t, 'manager');
    const weak = { currentPassword: manager.password, password: 'short' };
    await overflow(ACCOUNT_MAX, () => call(t, 'POST', '/api/auth/password', weak, manager));
    limited(await call(t, 'POST', '/api/auth/logout-everywhere', undefined, manager));
    limited(
      await call(
        t,
        'DELETE',
        '/api/auth/invitations/0190a0a0-0000-7000-8000-000000000000',
        undefined,
        manager,
      ),
    );
    limited(
      await call(
        t,
        'POST',
        '/api/auth/invitations',
        { email: `m-${dialect}@example.com`, role: 'employee' },
        manager,
      ),
    );
    // The window passes: let through again.
    t.clock.advance({ minutes: 11 });
    expect((await call(t, 'POST', '/api/auth/logout-everywhere', undefined, manager)).status).toBe(204);
  });
});
