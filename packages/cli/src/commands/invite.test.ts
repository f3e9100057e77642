/**
 * The expense-claims pattern end to end, as an operator and an invitee meet it: `ninefold
 * start` and `ninefold invite` as real processes, mail through a real SMTP server in this
 * test's process (the app's SMTP_URL), the link followed over real HTTP, the invitee signed in
 * as an employee whose first claim is accepted. Without SMTP_URL, invite prints the link.
 */
import { join } from 'node:path';
import { createNinefold } from '@ninefold/server';
import type { App } from '@ninefold/spec';
import { type TestMailbox, testMailbox } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type Json } from '../../test/call-api';
import { writeExpensesApp } from '../../test/expenses-app';
import {
  logIn,
  ninefoldAsync,
  ninefoldHere,
  type Running,
  removeScratch,
  scratchDir,
  serve,
} from '../../test/run-cli';

const APP_URL = 'http://expenses.test';
const ADMIN_PASSWORD = 'ledger lantern harbour';
const PASSWORD = 'a long employee passphrase';
const SMTP_PASSWORD = 'hunter2';

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('ninefold invite, with ninefold start, on a real SMTP server', { timeout: 120_000 }, () => {
  const appDir = scratchDir('expenses');
  const dataDir = scratchDir('expenses-data');
  let mailbox: TestMailbox;
  let s: Running;
  let env: Record<string, string>;

  beforeAll(async () => {
    writeExpensesApp(appDir);
    mailbox = await testMailbox();
    env = {
      DATA_DIR: dataDir,
      // With credentials (the mailbox takes any): none of the output may ever show them.
      SMTP_URL: mailbox.url.replace('smtp://', `smtp://u:${SMTP_PASSWORD}@`),
      APP_URL,
      MAIL_FROM: 'Expenses <no-reply@expenses.test>',
    };
    const made = await ninefoldHere(
      ['admin', 'create', appDir, '--email', 'ops@expenses.test', '--name', 'Ops'],
      { DATA_DIR: dataDir, NINEFOLD_ADMIN_PASSWORD: ADMIN_PASSWORD },
    );
    expect(made.code, made.err).toBe(0);
    s = await serve(['start', appDir, '--port', '0'], env);
    await s.waitFor(/Press Ctrl-C to stop/);
  }, 120_000);
  afterAll(async () => {
    if (s) expect((await s.stop()).code).toBe(0);
    await mailbox?.close();
    removeScratch();
  });

  it('says where its mail goes, and never the SMTP password', () => {
    expect(s.output()).toMatch(
      /mail {6}SMTP smtp:\/\/127\.0\.0\.1:\d+ from Expenses <no-reply@expenses\.test>; links to http:\/\/expenses\.test/,
    );
    expect(s.output()).not.toContain(SMTP_PASSWORD);
  });

  it('invites an employee, who sets a password from the mailed link and files a claim', async () => {
    const invited = await ninefoldAsync(
      ['invite', appDir, '--email', 'Sam@Acme.test', '--role', 'employee', '--name', 'Sam Lee'],
      env,
    );
    expect(invited.err).toBe('');
    expect(invited.out).toContain('✓ invited Sam Lee <sam@acme.test> as employee');
    expect(invited.out).not.toContain(SMTP_PASSWORD);
    expect(invited.code).toBe(0);

    const mail = await mailbox.next('sam@acme.test');
    expect(mail.subject).toBe('You are invited to Expenses');
    expect(mail.from).toContain('no-reply@expenses.test');
    const link = mailbox.linkIn(mail, '/accept-invite');
    expect(link.startsWith(`${APP_URL}/accept-invite?token=`)).toBe(true);

    // Invited is not signed up: no password works until the link is followed.
    expect(
      (await callApi(s.url, null, 'POST', '/api/auth/login', { email: 'sam@acme.test', password: PASSWORD }))
        .status,
    ).toBe(401);
    const accepted = await callApi(s.url, null, 'POST', '/api/auth/invitations/accept', {
      token: tokenOf(link),
      password: PASSWORD,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.user).toMatchObject({
      email: 'sam@acme.test',
      name: 'Sam Lee',
      role: 'employee',
      emailVerified: true,
    });

    const claim = await callApi(s.url, accepted.body.token, 'POST', '/api/entities/claims', {
      title: 'Train to Lyon',
      cents: 8450,
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    expect(claim.body.claimant).toBe(accepted.body.user.id);
    // The same password signs in afterwards; the link works once.
    expect(await logIn(s.url, 'sam@acme.test', PASSWORD)).toBeTruthy();
    const again = await callApi(s.url, null, 'POST', '/api/auth/invitations/accept', {
      token: tokenOf(link),
      password: PASSWORD,
    });
    expect(again).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN' } });
  });

  it('only employees file claims: a manager invited the same way may not', async () => {
    const invited = await ninefoldAsync(
      ['invite', appDir, '--email', 'maria@acme.test', '--role', 'manager'],
      env,
    );
    expect(invited.code, invited.err).toBe(0);
    const link = mailbox.linkIn(await mailbox.next('maria@acme.test'), '/accept-invite');
    const accepted = await callApi(s.url, null, 'POST', '/api/auth/invitations/accept', {
      token: tokenOf(link),
      password: PASSWORD,
    });
    expect(accepted.body.user).toMatchObject({ role: 'manager', name: 'maria' });
    const claim = await callApi(s.url, accepted.body.token, 'POST', '/api/entities/claims', {
      title: 'Lunch',
      cents: 1200,
    });
    expect(claim.status).toBe(403);
  });

  it.each([
    {
      args: ['--email', 'sam@acme.test', '--role', 'employee'],
      says: 'email: This address already has an account',
    },
    { args: ['--email', 'nobody@acme.test', '--role', 'auditor'], says: 'role: ' },
    { args: ['--email', 'robot@acme.test', '--role', 'bookkeeping'], says: 'role: ' },
    { args: ['--email', 'not an address', '--role', 'employee'], says: 'email: ' },
  ])('refuses $args with exit code 1 and the reason, sending nothing', async ({ args, says }) => {
    const before = mailbox.messages.length;
    const refused = await ninefoldAsync(['invite', appDir, ...args], env);
    expect(refused.err).toContain(`✗ ${says}`);
    expect(refused.err).not.toContain('    at ');
    expect(refused.out + refused.err).not.toContain(SMTP_PASSWORD);
    expect(refused.code).toBe(1);
    expect(mailbox.messages.length).toBe(before);
  });

  it('a mail that cannot leave is reported without the SMTP password', async () => {
    const closed = 'smtp://u:hunter2@127.0.0.1:1';
    const failed = await ninefoldAsync(
      ['invite', appDir, '--email', 'nomail@acme.test', '--role', 'employee'],
      { ...env, SMTP_URL: closed },
    );
    expect(failed.err).toContain('the mail could not be sent');
    expect(failed.out + failed.err).not.toContain(SMTP_PASSWORD);
  });

  // On a database of its own: a running server's mail worker could take the mail first.
  it('without SMTP_URL prints the mail and its link, which works', async () => {
    const own = scratchDir('expenses-outbox');
    const invited = await ninefoldAsync(
      ['invite', appDir, '--email', 'pat@acme.test', '--role', 'employee'],
      {
        DATA_DIR: own,
      },
    );
    expect(invited.code, invited.err).toBe(0);
    const lines = invited.out.split('\n');
    const at = lines.indexOf('✉ to pat@acme.test: You are invited to Expenses');
    expect(at, invited.out).toBeGreaterThanOrEqual(0);
    // No APP_URL: the address `ninefold start` would listen on by default.
    const link = lines[at + 1]!.trim();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/accept-invite\?token=[\w-]{43}$/);
    expect(invited.out).toContain('no SMTP_URL, so the mail above was not sent');

    const { default: app } = (await import(join(appDir, 'app.ts'))) as { default: App };
    const nf = await createNinefold(app, { database: join(own, 'app.db') });
    try {
      const accepted = await nf.server.inject({
        method: 'POST',
        url: '/api/auth/invitations/accept',
        payload: { token: tokenOf(link), password: PASSWORD },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().user).toMatchObject({ email: 'pat@acme.test', role: 'employee' });
    } finally {
      await nf.close();
    }
  });

  it('with SMTP_URL but no APP_URL refuses before inviting anyone', async () => {
    const { APP_URL: _u, ...noUrl } = env;
    const refused = await ninefoldAsync(
      ['invite', appDir, '--email', 'lee@acme.test', '--role', 'employee'],
      noUrl,
    );
    expect(refused.err).toContain('no APP_URL');
    expect(refused.out + refused.err).not.toContain(SMTP_PASSWORD);
    expect(refused.code).toBe(1);
    const admin = await logIn(s.url, 'ops@expenses.test', ADMIN_PASSWORD);
    const pending = await callApi(s.url, admin, 'GET', '/api/auth/invitations');
    expect(pending.body.items.map((i: Json) => i.email)).not.toContain('lee@acme.test');
  });
});
