/**
 * Sign-in, sessions and their abuse, through the HTTP API once per dialect: failed sign-ins
 * that tell nothing (same answer, same time), throttling that a spoofed header does not
 * escape and that lets go once the window passes, sessions that end on logout, on a role
 * change and on disabling, strong tokens in hardened cookies, and the password policy
 * (cross-site writes: cross-site-writes.test.ts). A fake clock moves time; nothing else is faked.
 */
import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { sessionCookie } from './session-cookie';

const LOGIN = '/api/auth/login';
const ME = '/api/auth/me';
const WINDOW_MS = 60_000;

let addressCounter = 0;
/** A client address of its own, so one test's failures never throttle another's. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function withoutDate(headers: LightMyRequestResponse['headers']): Record<string, unknown> {
  const { date: _date, ...rest } = headers;
  return rest;
}

describe.each(DIALECTS)('sign-in and sessions on %s', (dialect) => {
  let h: Harness;
  let clock = Date.now();
  let admin: TestUser;
  const login = (email: string, password: string, extra: Partial<InjectOptions> = {}) =>
    h.request({ method: 'POST', url: LOGIN, payload: { email, password }, ...extra });
  const me = (headers: Record<string, string>) => h.request({ method: 'GET', url: ME, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const cookie = (token: string) => ({ cookie: `nf_session=${token}` });

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: () => new Date(clock) });
    admin = await h.user('admin');
  });
  afterAll(() => h?.close());

  it('answers an unknown email, a wrong password and a disabled account identically', async () => {
    const known = await h.user('customer');
    const disabled = await h.user('customer');
    const off = await h.request({
      method: 'PATCH',
      url: `/api/entities/users/${disabled.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect(off.statusCode, off.body).toBe(200);
    const answers = [
      await login('nobody-here@test.example', PASSWORD, { remoteAddress: freshAddress() }),
      await login(known.email, 'not-the-password', { remoteAddress: freshAddress() }),
      await login(disabled.email, PASSWORD, { remoteAddress: freshAddress() }),
    ].map((res) => ({ status: res.statusCode, body: res.body, headers: withoutDate(res.headers) }));
    expect(answers[0]!.status).toBe(401);
    expect(JSON.parse(answers[0]!.body).code).toBe('INVALID_CREDENTIALS');
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('takes no separable time more for a wrong password than for an unknown email', async () => {
    const known = await h.user('customer');
    const address = freshAddress();
    const attempt = async (kind: 'unknown' | 'wrong') => {
      // A minute between attempts: the throttle must not answer for the password check.
      clock += WINDOW_MS + 1_000;
      const email = kind === 'unknown' ? 'nobody-timed@test.example' : known.email;
      const t0 = process.hrtime.bigint();
      const res = await login(email, 'wrong-password-1', { remoteAddress: address });
      const ns = Number(process.hrtime.bigint() - t0);
      expect(res.statusCode).toBe(401);
      return ns;
    };
    for (let i = 0; i < 6; i++) await attempt(i % 2 ? 'unknown' : 'wrong');
    const times = { unknown: [] as number[], wrong: [] as number[] };
    for (let i = 0; i < 120; i++) {
      // Interleaved, alternating which goes first, so drift and load hit both alike.
      const order = i % 2 ? (['unknown', 'wrong'] as const) : (['wrong', 'unknown'] as const);
      for (const kind of order) times[kind].push(await attempt(kind));
    }
    const a = median(times.unknown);
    const b = median(times.wrong);
    const pooled = median([...times.unknown, ...times.wrong]);
    expect(
      Math.abs(a - b) / pooled,
      `median unknown ${(a / 1e6).toFixed(1)} ms, wrong ${(b / 1e6).toFixed(1)} ms`,
    ).toBeLessThan(0.25);
  }, 120_000);

  it('answers the 11th failed sign-in in a minute with 429 and Retry-After, then lets go when the window passes', async () => {
    const victim = await h.user('customer');
    const other = await h.user('customer');
    const [attacker, elsewhere, bystander] = [freshAddress(), freshAddress(), freshAddress()];
    for (let i = 1; i <= 10; i++) {
      const res = await login(victim.email, `wrong-password-${i}`, { remoteAddress: attacker });
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const eleventh = await login(victim.email, 'wrong-password-11', { remoteAddress: attacker });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(
      Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
      `Retry-After ${retryAfter}`,
    ).toBe(true);
    // Throttled means not checked: the right password gets no different answer.
    expect((await login(victim.email, PASSWORD, { remoteAddress: attacker })).statusCode).toBe(429);
    // Per email: the right password from another address waits too, for now…
    expect((await login(victim.email, PASSWORD, { remoteAddress: elsewhere })).statusCode).toBe(429);
    // …and per address: another account from the attacking address waits.
    expect((await login(other.email, PASSWORD, { remoteAddress: attacker })).statusCode).toBe(429);
    // Nobody else is held up.
    expect((await login(other.email, PASSWORD, { remoteAddress: bystander })).statusCode).toBe(200);
    // Not locked for good: once Retry-After has passed, the owner signs in from anywhere.
    clock += retryAfter * 1000;
    const back = await login(victim.email, PASSWORD, { remoteAddress: elsewhere });
    expect(back.statusCode, back.body).toBe(200);
    expect((await login(victim.email, PASSWORD, { remoteAddress: attacker })).statusCode).toBe(200);
  });

  it('counts an email however it is cased or padded against the same per-email limit', async () => {
    const victim = await h.user('customer');
    const spellings = [victim.email, victim.email.toUpperCase(), ` ${victim.email} `, `\t${victim.email}`];
    for (let i = 0; i < 10; i++) {
      const res = await login(spellings[i % spellings.length]!, 'wrong-password', {
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await login(victim.email.toUpperCase(), PASSWORD, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(429);
    clock += WINDOW_MS;
    expect((await login(victim.email, PASSWORD, { remoteAddress: freshAddress() })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For (no trusted proxy): spoofing it does not escape the per-address limit', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      const res = await login(`ghost-${i}-${address}@test.example`, 'wrong-password', {
        remoteAddress: address,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const spoofed = await login(`ghost-new-${address}@test.example`, 'wrong-password', {
      remoteAddress: address,
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(spoofed.statusCode).toBe(429);
    // The control: the same attempt from a really different address is judged on its merits.
    const fresh = await login(`ghost-new-${address}@test.example`, 'wrong-password', {
      remoteAddress: freshAddress(),
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    expect(fresh.statusCode).toBe(401);
  });

  it('refuses a session cookie replayed after logout, and the same token as a bearer', async () => {
    const user = await h.user('customer');
    const res = await login(user.email, PASSWORD);
    const { value } = sessionCookie(res);
    expect(value).toBe(res.json().token);
    expect((await me(cookie(value))).statusCode).toBe(200);
    const out = await h.request({ method: 'POST', url: '/api/auth/logout', headers: cookie(value) });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookie(out);
    expect(cleared.value).toBe('');
    expect(
      cleared.attrs.get('max-age') === '0' || Date.parse(cleared.attrs.get('expires') ?? '') < Date.now(),
    ).toBe(true);
    for (const headers of [cookie(value), bearer(value)]) {
      const replay = await me(headers);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('ends a bearer session on logout everywhere it is used, and only that session', async () => {
    const user = await h.user('customer');
    const first = (await login(user.email, PASSWORD)).json().token as string;
    const second = (await login(user.email, PASSWORD)).json().token as string;
    expect(
      (await h.request({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) })).statusCode,
    ).toBe(204);
    expect((await me(bearer(first))).statusCode).toBe(401);
    expect((await me(cookie(first))).statusCode).toBe(401);
    expect((await me(bearer(second))).statusCode).toBe(200);
  });

  it.each([
    ['a role change', { role: 'agent' }],
    ['disabling', { disabled: true }],
  ])('ends every session of a user at once on %s by an admin', async (_what, change) => {
    const user = await h.user('customer');
    const tokens = [user.token, (await login(user.email, PASSWORD)).json().token as string];
    for (const t of tokens) expect((await me(bearer(t))).statusCode).toBe(200);
    const res = await h.request({
      method: 'PATCH',
      url: `/api/entities/users/${user.id}`,
      headers: admin.headers,
      payload: change,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const t of tokens) {
      expect((await me(bearer(t))).statusCode).toBe(401);
      expect(
        (await h.request({ method: 'GET', url: '/api/entities/tickets', headers: bearer(t) })).statusCode,
      ).toBe(401);
    }
    const again = await login(user.email, PASSWORD);
    if ('disabled' in change) expect(again.json().code).toBe('INVALID_CREDENTIALS');
    else expect(again.json().user.role).toBe('agent');
    // The admin who made the change is still signed in.
    expect((await me(admin.headers)).statusCode).toBe(200);
  });

  it('keeps sessions through a change that is not about access (the control)', async () => {
    const user = await h.user('customer');
    const res = await h.request({
      method: 'PATCH',
      url: `/api/entities/users/${user.id}`,
      headers: admin.headers,
      payload: { name: 'Renamed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(user.headers)).statusCode).toBe(200);
  });

  it('opens no session with what the database keeps (a leaked session table)', async () => {
    const user = await h.user('customer');
    const stored = createHash('sha256').update(user.token).digest('base64url');
    const rows = await h.nf.db.all<{ id: string }>(
      sql`select id from nf_sessions where "userId" = ${user.id}`.compile(h.nf.db.qb),
    );
    // The table holds the digest, never the token.
    expect(rows.map((r) => r.id)).toContain(stored);
    expect(rows.map((r) => r.id)).not.toContain(user.token);
    expect((await me(bearer(stored))).statusCode).toBe(401);
    expect((await me(cookie(stored))).statusCode).toBe(401);
  });

  it('ends a session when it expires (30 days), whatever it is used for', async () => {
    const user = await h.user('customer');
    const start = clock;
    try {
      clock = start + 29 * 86_400_000;
      expect((await me(user.headers)).statusCode).toBe(200);
      clock = start + 30 * 86_400_000 + 1_000;
      expect((await me(user.headers)).statusCode).toBe(401);
      expect((await me(cookie(user.token))).statusCode).toBe(401);
    } finally {
      clock = start;
    }
  });

  it('gives session tokens of at least 128 random bits, never the same twice', async () => {
    const user = await h.user('customer');
    const tokens = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const res = await login(user.email, PASSWORD);
      const token = res.json().token as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(sessionCookie(res).value).toBe(token);
      tokens.add(token);
    }
    expect(tokens.size).toBe(40);
  });

  it('sets the session cookie HttpOnly, SameSite and on the whole site', async () => {
    const user = await h.user('customer');
    const { attrs } = sessionCookie(await login(user.email, PASSWORD));
    expect(attrs.has('httponly')).toBe(true);
    expect(['lax', 'strict']).toContain(attrs.get('samesite')?.toLowerCase());
    expect(attrs.get('path')).toBe('/');
    expect(Number(attrs.get('max-age'))).toBeGreaterThan(0);
  });

  describe('the password policy at sign-up', () => {
    const CASES: readonly { name: string; password: string; status: number }[] = [
      { name: '7 characters: refused', password: 'aB3$eF7', status: 422 },
      { name: '8 characters: accepted', password: 'zq8-Lm2x', status: 201 },
      { name: '200 characters: accepted', password: 'Long-pass-'.repeat(20), status: 201 },
      { name: '257 characters: refused', password: `${'x7'.repeat(128)}y`, status: 422 },
      { name: 'a common one (password123): refused', password: 'password123', status: 422 },
      { name: 'a common one in other case (PassWord123): refused', password: 'PassWord123', status: 422 },
    ];
    it.each(CASES)('$name', async ({ password, status }) => {
      const email = `policy-${freshAddress()}@test.example`;
      const res = await h.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, name: 'Policy', password },
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode, res.body).toBe(status);
      if (status === 422)
        expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['password']);
      // Whatever was accepted signs in with exactly itself; nothing was truncated.
      const back = await login(email, password, { remoteAddress: freshAddress() });
      expect(back.statusCode).toBe(status === 201 ? 200 : 401);
      if (status === 201) {
        const shorter = await login(email, password.slice(0, -1), { remoteAddress: freshAddress() });
        expect(shorter.statusCode).toBe(401);
      }
    });
  });
});
