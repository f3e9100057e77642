/**
 * Change of password and sign out everywhere, once per dialect: a new password ends the
 * account's other sessions and keeps this one; a wrong current password is 401 and counted
 * like a failed sign-in; sign out everywhere ends every session, this one too.
 */
import { createTestApp, testDialects } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ExpenseTestApp, signInToken } from './account-client';
import { expenseApp } from './expense-app';

const PASSWORD = '/api/auth/password';
const NEW_PASSWORD = 'changed-it-myself-5';

describe.each(testDialects())('password change and sign out everywhere on %s', (dialect) => {
  let t: ExpenseTestApp;
  beforeAll(async () => {
    t = await createTestApp(expenseApp, { database: dialect, listen: false, clock: Date.now() });
  });
  afterAll(() => t?.close());

  const me = async (token: string) => (await call(t, 'GET', '/api/auth/me', undefined, { token })).status;

  it('a new password ends the other sessions and keeps this one', async () => {
    const user = await t.createUser('manager');
    const [mine, other] = [
      await signInToken(t, user.email, user.password),
      await signInToken(t, user.email, user.password),
    ];
    const res = await call(
      t,
      'POST',
      PASSWORD,
      { currentPassword: user.password, password: NEW_PASSWORD },
      { token: mine },
    );
    expect([res.status, res.raw]).toEqual([204, '']);
    expect([await me(mine), await me(other)]).toEqual([200, 401]);
    expect(
      (await call(t, 'POST', '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(401);
    expect(
      (await call(t, 'POST', '/api/auth/login', { email: user.email, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('refuses a wrong current password (401, counted) and bad input (422), changing nothing', async () => {
    const user = await t.createUser('manager');
    const token = await signInToken(t, user.email, user.password);
    const change = (payload: unknown) => call(t, 'POST', PASSWORD, payload, { token });
    const cases: [unknown, number, string][] = [
      [{ currentPassword: 'not-it-at-all', password: NEW_PASSWORD }, 401, 'INVALID_CREDENTIALS'],
      [{ currentPassword: user.password, password: 'password1' }, 422, 'VALIDATION_FAILED'],
      [{ currentPassword: user.password, password: 'short' }, 422, 'VALIDATION_FAILED'],
      [{ currentPassword: user.password }, 422, 'VALIDATION_FAILED'],
      [{ currentPassword: user.password, password: NEW_PASSWORD, userId: 'x' }, 422, 'VALIDATION_FAILED'],
      [{ currentPassword: 1, password: NEW_PASSWORD }, 422, 'VALIDATION_FAILED'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await change(payload);
      expect([res.status, res.body.code], JSON.stringify(payload)).toEqual([status, code]);
    }
    expect(
      (await call(t, 'POST', '/api/auth/login', { email: user.email, password: user.password })).status,
    ).toBe(200);
    // Wrong current passwords count against the failed sign-in limit of the account's email.
    for (let i = 0; i < 9; i++)
      await change({ currentPassword: `wrong-${i}-password`, password: NEW_PASSWORD });
    const limited = await change({ currentPassword: user.password, password: NEW_PASSWORD });
    expect([limited.status, limited.headers['retry-after'] !== undefined]).toEqual([429, true]);
    expect(
      (
        await call(t, 'POST', '/api/auth/password', {
          currentPassword: user.password,
          password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(401);
  });

  it('sign out everywhere ends every session, this one too, and clears the cookie', async () => {
    const user = await t.createUser('employee');
    const [a, b] = [
      await signInToken(t, user.email, user.password),
      await signInToken(t, user.email, user.password),
    ];
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/logout-everywhere',
      headers: { authorization: `Bearer ${a}` },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/nf_session=;/);
    expect([await me(a), await me(b)]).toEqual([401, 401]);
    expect((await call(t, 'POST', '/api/auth/logout-everywhere', undefined, { token: a })).status).toBe(401);
  });
});
