import { describe, expect, it } from 'vitest';
import { mailEnv } from './mail-env';

describe('mailEnv', () => {
  it.each([
    { env: {}, demo: true, want: { outbox: true, appUrl: undefined, bodies: true } },
    {
      env: { SMTP_URL: 'smtp://127.0.0.1:2525' },
      demo: true,
      want: { outbox: false, appUrl: undefined, bodies: true },
    },
    {
      env: { APP_URL: 'http://localhost:5173/' },
      demo: true,
      want: { outbox: true, appUrl: 'http://localhost:5173', bodies: true },
    },
    {
      env: { SMTP_URL: 'smtps://u:p@smtp.example.com:465', APP_URL: 'https://acme.example' },
      demo: false,
      want: { outbox: false, appUrl: 'https://acme.example', bodies: true },
    },
    {
      env: { SMTP_URL: ' smtp://mail:25 ', APP_URL: 'https://acme.example/app/' },
      demo: false,
      want: { outbox: false, appUrl: 'https://acme.example/app', bodies: true },
    },
  ])('$env (demo: $demo) → $want', ({ env, demo, want }) => {
    expect(mailEnv(env, { demo })).toEqual(want);
  });

  it('a production outbox asked for knowingly starts, with a warning', () => {
    const m = mailEnv({ MAIL_OUTBOX: '1', APP_URL: 'https://acme.example' }, { demo: false });
    expect(m.outbox).toBe(true);
    // Its bodies carry live links: the console and /api/mail show none.
    expect(m.bodies).toBe(false);
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

  it.each([
    { smtp: 'http://u:hunter2@mail:25', says: /smtp:\/\/ or smtps:\/\// },
    { smtp: 'u:hunter2@mail:25', says: /smtp:\/\/ or smtps:\/\// },
    { smtp: 'smtp://u:hunter2@mail:notaport', says: /no URL the mail transport can read/ },
    { smtp: 'smtp://u:hunter2@mail:99999', says: /no URL the mail transport can read/ },
    { smtp: 'smtp://u:hun/ter2@mail:25', says: /no URL the mail transport can read|names no host/ },
    { smtp: 'smtp://u:hunter2@', says: /no URL the mail transport can read|names no host/ },
  ])('a refused SMTP_URL $smtp is named, never with its password', ({ smtp }) => {
    // A good APP_URL, so the refusal is the SMTP URL's own (it says SMTP_URL).
    for (const demo of [true, false]) {
      const refusal = () => mailEnv({ SMTP_URL: smtp, APP_URL: 'https://a.example' }, { demo });
      expect(refusal).toThrow(/SMTP_URL/);
      let message = '';
      try {
        refusal();
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('ter2');
    }
  });

  it.each(['smtp://mail:notaport', 'smtps://mail.example.com:99999', 'smtp://', 'smtp://user:pass@'])(
    'a malformed SMTP_URL %s is refused before anything starts',
    (smtp) => {
      expect(() => mailEnv({ SMTP_URL: smtp, APP_URL: 'https://a.example' }, { demo: false })).toThrow(
        /SMTP_URL (is no URL|names no host)/,
      );
    },
  );
});
