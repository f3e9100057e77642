/**
 * A password reset across two `ninefold start` processes on one PostgreSQL database, as
 * users meet it: asked through process A, its mail read from a real SMTP server (the SMTP_URL
 * of both), confirmed through process B — and at once every old session of the account is
 * refused by both processes, whichever one it was made on.
 */
import { type TestMailbox, testMailbox } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../test/call-api';
import { logIn, type Running, serve } from '../../test/run-cli';
import { PG_URL, type SharedPostgres, sharedPostgres } from '../../test/shared-postgres';

if (!PG_URL) console.warn('[accounts ×2] TEST_DATABASE_URL is not set: skipped (it needs PostgreSQL).');

const PASSWORD = 'demo-password-1';
const NEW_PASSWORD = 'a fresh passphrase after the reset';
const APP_URL = 'http://desk.test';

describe.skipIf(!PG_URL)(
  'account flows across two `ninefold start` processes on PostgreSQL',
  { timeout: 120_000 },
  () => {
    let db: SharedPostgres;
    let mailbox: TestMailbox;
    let a: Running;
    let b: Running;

    beforeAll(async () => {
      db = await sharedPostgres();
      mailbox = await testMailbox();
      const env = { DATABASE_URL: db.url, SMTP_URL: mailbox.url, APP_URL };
      a = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], env);
      await a.waitFor(/Press Ctrl-C to stop/);
      b = await serve(['start', 'examples/helpdesk', '--port', '0'], env);
      await b.waitFor(/Press Ctrl-C to stop/);
    }, 120_000);
    afterAll(async () => {
      for (const s of [a, b]) if (s) expect((await s.stop()).code).toBe(0);
      await mailbox?.close();
      await db?.drop();
    });

    it('a reset asked on A and confirmed on B ends every old session on both at once', async () => {
      const email = 'bob@helpdesk.test';
      const sessions = [await logIn(a.url, email, PASSWORD), await logIn(b.url, email, PASSWORD)];
      for (const token of sessions)
        for (const s of [a, b]) expect((await callApi(s.url, token, 'GET', '/api/auth/me')).status).toBe(200);

      const asked = await callApi(a.url, null, 'POST', '/api/auth/password-reset', { email });
      expect(asked.status).toBe(202);
      const mail = await mailbox.next(email);
      expect(mail.subject).toBe('Reset your Helpdesk password');
      const link = new URL(mailbox.linkIn(mail, '/reset-password'));
      expect(link.origin).toBe(APP_URL);

      const reset = await callApi(b.url, null, 'POST', '/api/auth/password-reset/confirm', {
        token: link.searchParams.get('token'),
        password: NEW_PASSWORD,
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      // No pause: the very next request with each old session, to either process, is refused.
      for (const token of sessions)
        for (const s of [a, b]) {
          const me = await callApi(s.url, token, 'GET', '/api/auth/me');
          expect(me.status, `${s.url} still accepts an old session`).toBe(401);
        }
      for (const s of [a, b])
        expect((await callApi(s.url, reset.body.token, 'GET', '/api/auth/me')).status).toBe(200);
      expect(
        (await callApi(a.url, null, 'POST', '/api/auth/login', { email, password: PASSWORD })).status,
      ).toBe(401);
      expect(await logIn(a.url, email, NEW_PASSWORD)).toBeTruthy();
      // The link worked once, on whichever process.
      const again = await callApi(a.url, null, 'POST', '/api/auth/password-reset/confirm', {
        token: link.searchParams.get('token'),
        password: 'yet another passphrase',
      });
      expect(again).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN' } });
    });

    it('each mail leaves once, though both processes work the same queue', async () => {
      const before = mailbox.messages.length;
      const emails = ['alice@helpdesk.test', 'agent@helpdesk.test', 'admin@helpdesk.test'];
      for (const [i, email] of emails.entries()) {
        const asked = await callApi(i % 2 ? a.url : b.url, null, 'POST', '/api/auth/password-reset', {
          email,
        });
        expect(asked.status).toBe(202);
      }
      for (const email of emails) await mailbox.next(email);
      // Both workers poll every second: give a duplicate time to show.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(mailbox.messages.length - before).toBe(emails.length);
    });
  },
);
