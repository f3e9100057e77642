/**
 * Link tokens under attack, once per dialect: stored nowhere in clear (every table
 * scanned), a token works once, until its lifetime ends (the account constants: a minute
 * before, it works; a second after, it does not), not with one character changed, only for its
 * purpose, and only ever on the account it was issued for — whoever sends it.
 */
import { createHash } from 'node:crypto';
import { createTestApp, type TestMailbox, testDialects, testMailbox } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ExpenseTestApp, signedInAs, signInToken } from './account-client';
import { everyTable } from './every-table';
import { expenseApp } from './expense-app';
import { tokenFor } from './mail-links';

const CONFIRM = '/api/auth/password-reset/confirm';
const ACCEPT = '/api/auth/invitations/accept';
const VERIFY = '/api/auth/verify-email';
const NEW_PASSWORD = 'another-fine-phrase-3';

/** How a token is stored: its SHA-256, base64url. */
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The token with its `at`th character changed to another of the alphabet. */
function tampered(token: string, at: number): string {
  const c = token[at] === 'A' ? 'B' : 'A';
  return token.slice(0, at) + c + token.slice(at + 1);
}

describe.each(testDialects())('link tokens on %s', (dialect) => {
  let t: ExpenseTestApp;
  let mailbox: TestMailbox;
  beforeAll(async () => {
    mailbox = await testMailbox();
    t = await createTestApp(expenseApp, {
      database: dialect,
      listen: false,
      clock: Date.now(),
      mail: mailbox,
    });
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  const resetToken = async (email: string) => {
    expect((await call(t, 'POST', '/api/auth/password-reset', { email })).status).toBe(202);
    return tokenFor(t, mailbox, email, '/reset-password');
  };
  const invalid = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];
  const passwordWorks = async (email: string, password: string) =>
    (await call(t, 'POST', '/api/auth/login', { email, password })).status === 200;

  it('carries at least 256 random bits and is stored only as its digest, nowhere in clear', async () => {
    const user = await t.createUser('employee');
    const token = await resetToken(user.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const admin = await signedInAs(t, 'admin');
    const invited = `stored-${dialect}@example.com`;
    await call(t, 'POST', '/api/auth/invitations', { email: invited, role: 'employee' }, admin);
    const invite = await tokenFor(t, mailbox, invited, '/accept-invite');
    const rows = await t.db.all<{ id: string; purpose: string }>(
      t.db.qb.selectFrom('nf_tokens').select(['id', 'purpose']).where('userId', '=', user.id),
    );
    expect(rows.map((r) => r.id)).toEqual([digest(token)]);
    const tables = await everyTable(t.db);
    expect(tables.get('nf_tokens')).toContain(digest(invite));
    // A control: the scan sees what the requests wrote (the invited address, in the queue).
    expect(tables.get('nf_mail')).toContain(invited);
    for (const secret of [token, invite]) {
      for (const [table, text] of tables) expect(text.includes(secret), `${table} holds a token`).toBe(false);
    }
  });

  it('works once', async () => {
    const user = await t.createUser('employee');
    const token = await resetToken(user.email);
    expect((await call(t, 'POST', CONFIRM, { token, password: NEW_PASSWORD })).status).toBe(200);
    expect(invalid(await call(t, 'POST', CONFIRM, { token, password: 'yet-another-phrase-4' }))).toEqual([
      400,
      'INVALID_TOKEN',
    ]);
    expect(await passwordWorks(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('a reset link works until its 60 minutes end, and then changes nothing', async () => {
    const early = await t.createUser('employee');
    const token = await resetToken(early.email);
    t.clock.advance({ minutes: 59 });
    expect((await call(t, 'POST', CONFIRM, { token, password: NEW_PASSWORD })).status).toBe(200);
    const late = await t.createUser('employee');
    const lateToken = await resetToken(late.email);
    t.clock.advance({ minutes: 60, seconds: 1 });
    expect(invalid(await call(t, 'POST', CONFIRM, { token: lateToken, password: NEW_PASSWORD }))).toEqual([
      400,
      'INVALID_TOKEN',
    ]);
    expect(await passwordWorks(late.email, late.password)).toBe(true);
  });

  it('an invitation works until its 72 hours end, and then changes nothing', async () => {
    const admin = await signedInAs(t, 'admin');
    const invite = async (email: string) => {
      await call(t, 'POST', '/api/auth/invitations', { email, role: 'employee' }, admin);
      return tokenFor(t, mailbox, email, '/accept-invite');
    };
    const early = await invite(`early-${dialect}@example.com`);
    t.clock.advance({ hours: 71 });
    expect((await call(t, 'POST', ACCEPT, { token: early, password: NEW_PASSWORD })).status).toBe(200);
    const lateEmail = `late-${dialect}@example.com`;
    const late = await invite(lateEmail);
    t.clock.advance({ hours: 72, seconds: 1 });
    expect(invalid(await call(t, 'POST', ACCEPT, { token: late, password: NEW_PASSWORD }))).toEqual([
      400,
      'INVALID_TOKEN',
    ]);
    expect(await passwordWorks(lateEmail, NEW_PASSWORD)).toBe(false);
  });

  it('refuses a token with any one character changed', async () => {
    const user = await t.createUser('employee');
    const token = await resetToken(user.email);
    for (const at of [0, 10, token.length - 1]) {
      const res = await call(t, 'POST', CONFIRM, { token: tampered(token, at), password: NEW_PASSWORD });
      expect(invalid(res)).toEqual([400, 'INVALID_TOKEN']);
    }
    for (const bad of ['', 'x', token.slice(1), `${token}A`]) {
      expect((await call(t, 'POST', CONFIRM, { token: bad, password: NEW_PASSWORD })).status).not.toBe(200);
    }
    expect((await call(t, 'POST', CONFIRM, { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('acts only on its own account, and only for its purpose', async () => {
    const a = await t.createUser('employee');
    const b = await t.createUser('employee');
    const bToken = await signInToken(t, b.email, b.password);
    const aReset = await resetToken(a.email);
    // Sent by B, signed in, naming B: still A's link, acting on A alone.
    expect(
      invalid(await call(t, 'POST', CONFIRM, { token: aReset, password: NEW_PASSWORD, email: b.email })),
    ).toEqual([422, 'VALIDATION_FAILED']);
    const done = await call(t, 'POST', CONFIRM, { token: aReset, password: NEW_PASSWORD }, { token: bToken });
    expect(done.body.user.id).toBe(a.id);
    expect(await passwordWorks(b.email, b.password)).toBe(true);
    expect(await passwordWorks(a.email, NEW_PASSWORD)).toBe(true);
    // An invitation's token is no reset token, nor a verification; a reset's is no invitation.
    const admin = await signedInAs(t, 'admin');
    const email = `purpose-${dialect}@example.com`;
    await call(t, 'POST', '/api/auth/invitations', { email, role: 'employee' }, admin);
    const invite = await tokenFor(t, mailbox, email, '/accept-invite');
    const bReset = await resetToken(b.email);
    expect(invalid(await call(t, 'POST', CONFIRM, { token: invite, password: NEW_PASSWORD }))).toEqual([
      400,
      'INVALID_TOKEN',
    ]);
    expect(invalid(await call(t, 'POST', VERIFY, { token: invite }))).toEqual([400, 'INVALID_TOKEN']);
    expect(invalid(await call(t, 'POST', ACCEPT, { token: bReset, password: NEW_PASSWORD }))).toEqual([
      400,
      'INVALID_TOKEN',
    ]);
    expect(invalid(await call(t, 'POST', VERIFY, { token: bReset }))).toEqual([400, 'INVALID_TOKEN']);
    // Each still works for what it is.
    expect((await call(t, 'POST', ACCEPT, { token: invite, password: NEW_PASSWORD })).body.user.email).toBe(
      email,
    );
    expect((await call(t, 'POST', CONFIRM, { token: bReset, password: NEW_PASSWORD })).body.user.id).toBe(
      b.id,
    );
  });
});
