import { describe, expect, it } from 'vitest';
import { mailEnv } from './mail-env';

describe('mailEnv', () => {
  it.each([
    { env: {}, demo: true, want: { outbox: true, appUrl: undefined } },
    {
      env: { SMTP_URL: 'smtp://127.0.0.1:2525' },
      demo: true,
      want: { outbox: false, appUrl: undefined },
    },
    {
      env: { APP_URL: 'http://localhost:5173/' },
      demo: true,
      want: { outbox: true, appUrl: 'http://localhost:5173' },
    },
    {
      env: { SMTP_URL: 'smtps://u:p@smtp.example.com:465', APP_URL: 'https://acme.example' },
      demo: false,
      want: { outbox: false, appUrl: 'https://acme.example' },
    },
    {
      env: { SMTP_URL: ' smtp://mail:25 ', APP_URL: 'https://acme.example/app/' },
      demo: false,
      want: { outbox: false, appUrl: 'https://acme.example/app' },
    },
  ])('$env (demo: $demo) → $want', ({ env, demo, want }) => {
    expect(mailEnv(env, { demo })).toEqual(want);
  });

  it('a production outbox asked for knowingly starts, with a warning', () => {
    const m = mailEnv({ MAIL_OUTBOX: '1', APP_URL: 'https://acme.example' }, { demo: false });
    expect(m.outbox).toBe(true);
    expect(m.warning).toMatch(/MAIL_OUTBOX=1: no mail leaves this server/);
  });

  it.each([
    { env: {}, says: /no SMTP_URL.*SMTP_URL.*MAIL_FROM.*APP_URL.*MAIL_OUTBOX=1/ },
    { env: { MAIL_OUTBOX: 'yes' }, says: /no SMTP_URL/ },
    { env: { SMTP_URL: 'smtp://mail:25' }, says: /no APP_URL.*Host header/ },
    { env: { MAIL_OUTBOX: '1' }, says: /no APP_URL/ },
    { env: { SMTP_URL: 'mail.example.com', APP_URL: 'https://a.example' }, says: /smtp:\/\/ or smtps:\/\// },
    {
      env: { SMTP_URL: 'http://u:secret@mail:25', APP_URL: 'https://a.example' },
      says: /'http:\/\/u:\*\*\*@mail:25'/,
    },
    { env: { SMTP_URL: 'smtp://mail:25', APP_URL: 'acme.example' }, says: /absolute URL/ },
    { env: { SMTP_URL: 'smtp://mail:25', APP_URL: 'ftp://acme.example' }, says: /http:\/\/ or https:\/\// },
    { env: { SMTP_URL: 'smtp://mail:25', APP_URL: 'https://a.example/?x=1' }, says: /no query/ },
  ])('a production start with $env is refused: $says', ({ env, says }) => {
    expect(() => mailEnv(env, { demo: false })).toThrow(says);
  });

  it('a bad APP_URL is refused in demo mode too', () => {
    expect(() => mailEnv({ APP_URL: 'nope' }, { demo: true })).toThrow(/absolute URL/);
  });

  it('the refusal never shows the SMTP password', () => {
    expect(() => mailEnv({ SMTP_URL: 'smtps://u:hunter2@x', APP_URL: 'x' }, { demo: false })).toThrow(
      /^(?!.*hunter2)/s,
    );
  });
});
