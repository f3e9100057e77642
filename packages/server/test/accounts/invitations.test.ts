/**
 * Invitations, once per dialect: the expense-claims pattern — a role with no sign-up whose
 * accounts an admin (or a manager, per `invitedBy`) creates and whose people set their own
 * passwords from the link in the mail.
 */
import { createTestApp, type TestMailbox, testDialects, testMailbox } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ExpenseTestApp, signedInAs } from './account-client';
import { expenseApp } from './expense-app';
import { nextMail, tokenFor } from './mail-links';

const INVITE = '/api/auth/invitations';
const ACCEPT = '/api/auth/invitations/accept';
const NEW_PASSWORD = 'claims-are-fun-42';

describe.each(testDialects())('invitations on %s', (dialect) => {
  let t: ExpenseTestApp;
  let mailbox: TestMailbox;
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    mailbox = await testMailbox();
    t = await createTestApp(expenseApp, { database: dialect, listen: false, mail: mailbox });
    admin = await signedInAs(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await mailbox?.close();
  });

  it('invites, mails a link, and the invitee sets a password and is signed in', async () => {
    const email = `emp-${dialect}@example.com`;
    const made = await call(t, 'POST', INVITE, { email, role: 'employee', name: 'Emma' }, admin);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      email,
      role: 'employee',
      name: 'Emma',
      invitedBy: admin.id,
      status: 'pending',
    });
    // Nobody can sign in to the account yet.
    expect((await call(t, 'POST', '/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(401);
    const mail = await nextMail(t, mailbox, email);
    expect(mail.subject).toBe('You are invited to Expenses');
    for (const part of ['Hello Emma', `${admin.name} invited you to Expenses as Employee`, '72 hours'])
      expect(mail.text).toContain(part);
    const token = new URL(mailbox.linkIn(mail, '/accept-invite')).searchParams.get('token');
    const listed = await call(t, 'GET', INVITE, undefined, admin);
    expect(listed.body.items.find((i: { email: string }) => i.email === email)?.sentAt).not.toBeNull();
    const accepted = await t.inject({
      method: 'POST',
      url: ACCEPT,
      payload: { token, password: NEW_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json();
    expect(body.user).toMatchObject({ email, role: 'employee', emailVerified: true });
    expect(String(accepted.headers['set-cookie'])).toContain('nf_session=');
    expect((await call(t, 'GET', '/api/auth/me', undefined, { token: body.token })).status).toBe(200);
    expect((await call(t, 'POST', '/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);
    // Used once: the link is dead, and the invitation gone from the list.
    expect((await call(t, 'POST', ACCEPT, { token, password: NEW_PASSWORD })).body.code).toBe(
      'INVALID_TOKEN',
    );
    const after = await call(t, 'GET', INVITE, undefined, admin);
    expect(after.body.items.some((i: { email: string }) => i.email === email)).toBe(false);
  });

  it('inviting again (resend) sends a new link and kills the old one', async () => {
    const email = `resend-${dialect}@example.com`;
    expect((await call(t, 'POST', INVITE, { email, role: 'employee' }, admin)).status).toBe(201);
    const first = await tokenFor(t, mailbox, email, '/accept-invite');
    expect((await call(t, 'POST', INVITE, { email, role: 'employee' }, admin)).status).toBe(201);
    const second = await tokenFor(t, mailbox, email, '/accept-invite');
    const old = await call(t, 'POST', ACCEPT, { token: first, password: NEW_PASSWORD });
    expect([old.status, old.body.code]).toEqual([400, 'INVALID_TOKEN']);
    expect((await call(t, 'POST', ACCEPT, { token: second, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('revoking kills the link and removes the account that was never used', async () => {
    const email = `revoke-${dialect}@example.com`;
    const made = await call(t, 'POST', INVITE, { email, role: 'employee' }, admin);
    const token = await tokenFor(t, mailbox, email, '/accept-invite');
    expect((await call(t, 'DELETE', `${INVITE}/${made.body.id}`, undefined, admin)).status).toBe(204);
    expect((await call(t, 'POST', ACCEPT, { token, password: NEW_PASSWORD })).body.code).toBe(
      'INVALID_TOKEN',
    );
    const users = await t.db.all(t.db.qb.selectFrom('users').select('id').where('email', '=', email));
    expect(users).toEqual([]);
    expect((await call(t, 'DELETE', `${INVITE}/${made.body.id}`, undefined, admin)).status).toBe(404);
  });

  it('a manager invites employees only; other roles get 403; a taken address 422', async () => {
    const manager = await signedInAs(t, 'manager');
    const employee = await signedInAs(t, 'employee');
    const cases: [typeof admin, unknown, number, string?][] = [
      [manager, { email: `m-${dialect}@example.com`, role: 'employee' }, 201],
      [manager, { email: `m2-${dialect}@example.com`, role: 'manager' }, 403, 'FORBIDDEN'],
      [employee, { email: `e-${dialect}@example.com`, role: 'employee' }, 403, 'FORBIDDEN'],
      [admin, { email: employee.email, role: 'employee' }, 422, 'VALIDATION_FAILED'],
      [admin, { email: `r-${dialect}@example.com`, role: 'robot' }, 422, 'VALIDATION_FAILED'],
      [admin, { email: `x-${dialect}@example.com`, role: 'employee', extra: 1 }, 422, 'VALIDATION_FAILED'],
      [admin, { email: 42, role: 'employee' }, 422, 'VALIDATION_FAILED'],
    ];
    for (const [who, payload, status, code] of cases) {
      const res = await call(t, 'POST', INVITE, payload, who);
      expect([res.status, res.body?.code], JSON.stringify(payload)).toEqual([status, code]);
    }
    const taken = await call(t, 'POST', INVITE, { email: employee.email, role: 'employee' }, admin);
    expect(taken.body.errors).toEqual([expect.objectContaining({ path: 'email', code: 'unique' })]);
    // The manager sees the invitations into roles they may invite into; an employee none.
    const mine = await call(t, 'GET', INVITE, undefined, manager);
    expect(mine.body.items.every((i: { role: string }) => i.role === 'employee')).toBe(true);
    expect((await call(t, 'GET', INVITE, undefined, employee)).status).toBe(403);
    expect((await call(t, 'GET', INVITE)).status).toBe(401);
  });
});
