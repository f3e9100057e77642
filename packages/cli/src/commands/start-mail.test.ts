/**
 * Mail as `ninefold start` sets it up from the environment: a production start that could not
 * send its account mail, or whose links would come from a request's Host header, refuses to
 * start and says what to set; demo mode keeps mail in the development outbox and announces
 * each one, its link on the URL the server printed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, type Json } from '../../test/call-api';
import { logIn, ninefoldAsync, ninefoldHere, removeScratch, scratchDir, serve } from '../../test/run-cli';
import { DEV_URL_ENV } from '../dev/dev-url';

afterAll(removeScratch);

describe('ninefold start and mail', { timeout: 120_000 }, () => {
  it.each([
    { env: {}, says: ['✗ no SMTP_URL', 'SMTP_URL', 'MAIL_FROM', 'APP_URL', 'MAIL_OUTBOX=1'] },
    { env: { SMTP_URL: 'smtp://127.0.0.1:2525' }, says: ['✗ no APP_URL', 'Host header'] },
    { env: { MAIL_OUTBOX: '1' }, says: ['✗ no APP_URL'] },
  ])('in production, with $env, refuses to start (exit 1) and says what to set', async ({ env, says }) => {
    const dataDir = scratchDir('start-no-mail');
    const { code, out, err } = await ninefoldAsync(['start', 'examples/helpdesk', '--port', '0'], {
      DATA_DIR: dataDir,
      ...env,
    });
    for (const s of says) expect(err).toContain(s);
    expect(err).not.toContain('    at ');
    expect(out).not.toContain('is running');
    expect(code).toBe(1);
  });

  it('in production with MAIL_OUTBOX=1 starts, warns that no mail leaves, and shows no admin a body', async () => {
    const dataDir = scratchDir('start-outbox');
    const email = 'ops@helpdesk.test';
    const password = 'an operator passphrase';
    const made = await ninefoldHere(
      ['admin', 'create', 'examples/helpdesk', '--email', email, '--name', 'Ops'],
      {
        DATA_DIR: dataDir,
        NINEFOLD_ADMIN_PASSWORD: password,
      },
    );
    expect(made.code, made.err).toBe(0);
    const s = await serve(['start', 'examples/helpdesk', '--port', '0'], {
      DATA_DIR: dataDir,
      MAIL_OUTBOX: '1',
      APP_URL: 'https://desk.example',
    });
    try {
      await s.waitFor(/Press Ctrl-C to stop/);
      expect(s.output()).toContain('⚠ MAIL_OUTBOX=1: no mail leaves this server');
      expect(s.output()).toContain('mail      development outbox');
      const admin = await logIn(s.url, email, password);
      expect((await callApi(s.url, null, 'POST', '/api/auth/password-reset', { email })).status).toBe(202);
      // The terminal prints the link: the operator chose to pass mail on by hand.
      const [line] = await s.waitFor(/✉ to ops@helpdesk\.test: .*\n\s+(\S+)/);
      const link = line!.split('\n')[1]!.trim();
      expect(link.startsWith('https://desk.example/reset-password?token=')).toBe(true);
      // An admin's console does not: a live link there would let any admin take over any account.
      const listed = await callApi(s.url, admin, 'GET', '/api/mail');
      expect(listed.status).toBe(200);
      const mail = listed.body.items.find((m: Json) => m.to === email);
      expect(mail).toMatchObject({ message: 'passwordReset', status: 'sent' });
      expect(mail).not.toHaveProperty('text');
      expect(mail).not.toHaveProperty('html');
      expect(JSON.stringify(listed.body)).not.toContain(new URL(link).searchParams.get('token'));
    } finally {
      expect((await s.stop()).code).toBe(0);
    }
  });

  it('behind ninefold dev, links point at the Vite URL people open', async () => {
    const vite = 'http://127.0.0.1:5999';
    const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], {
      DATA_DIR: scratchDir('start-dev-mail'),
      [DEV_URL_ENV]: vite,
    });
    try {
      const [, own] = await s.waitFor(/this API process on (http:\/\/\S+)\)/);
      const res = await fetch(`${own}/api/auth/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bob@helpdesk.test' }),
      });
      expect(res.status).toBe(202);
      const [line] = await s.waitFor(/✉ to bob@helpdesk\.test: .*\n\s+(\S+)/);
      expect(line!.split('\n')[1]!.trim().startsWith(`${vite}/reset-password?token=`)).toBe(true);
    } finally {
      expect((await s.stop()).code).toBe(0);
    }
  });

  it('in demo mode announces each mail of the outbox with its link on the printed URL', async () => {
    const s = await serve(['start', 'examples/helpdesk', '--demo', '--port', '0'], {
      DATA_DIR: scratchDir('start-demo-mail'),
    });
    try {
      await s.waitFor(/Press Ctrl-C to stop/);
      const res = await fetch(`${s.url}/api/auth/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'alice@helpdesk.test' }),
      });
      expect(res.status).toBe(202);
      const [line] = await s.waitFor(/✉ to alice@helpdesk\.test: Reset your Helpdesk password\n\s+(\S+)/);
      const link = new URL(line!.split('\n')[1]!.trim());
      expect(link.origin).toBe(s.url);
      expect(link.pathname).toBe('/reset-password');
      expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
      const reset = await fetch(`${s.url}/api/auth/password-reset/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: link.searchParams.get('token'), password: 'a brand new passphrase' }),
      });
      expect(reset.status).toBe(200);
    } finally {
      expect((await s.stop()).code).toBe(0);
    }
  });
});
