/**
 * Cross-site writes with the session cookie, once per dialect: a write the browser sends
 * from another site (Sec-Fetch-Site, Origin, a form post) is refused and changes nothing;
 * the site's own writes and bearer-token writes pass; no CORS header answers another site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHelpdesk } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { sessionCookie } from './session-cookie';

describe.each(DIALECTS)('cross-site writes with the session cookie on %s', (dialect) => {
  let h: Harness;
  const login = (email: string, password: string) =>
    h.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const me = (headers: Record<string, string>) => h.request({ method: 'GET', url: '/api/auth/me', headers });
  const cookie = (token: string) => ({ cookie: `nf_session=${token}` });

  beforeAll(async () => {
    h = await startHelpdesk(dialect);
  });
  afterAll(() => h?.close());

  const HOST = 'helpdesk.example';
  const ticket = { subject: 'Cross-site attempt', description: 'Filed by someone else.' };
  const CASES: readonly { name: string; headers: Record<string, string>; form?: true; status: number }[] = [
    { name: 'Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site' }, status: 403 },
    {
      name: 'Sec-Fetch-Site: same-site (a sibling host)',
      headers: { 'sec-fetch-site': 'same-site' },
      status: 403,
    },
    { name: 'Origin: https://evil.example', headers: { origin: 'https://evil.example' }, status: 403 },
    { name: 'Origin: null (a sandboxed frame)', headers: { origin: 'null' }, status: 403 },
    {
      name: 'a form post from another site',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      form: true,
      status: 403,
    },
    { name: 'Sec-Fetch-Site: same-origin', headers: { 'sec-fetch-site': 'same-origin' }, status: 201 },
    { name: 'Origin of this site', headers: { origin: `http://${HOST}` }, status: 201 },
  ];

  it.each(CASES)('$name → $status', async ({ headers, form, status }) => {
    const user = await h.user('customer');
    const session = sessionCookie(await login(user.email, PASSWORD)).value;
    const res = await h.request({
      method: 'POST',
      url: '/api/entities/tickets',
      headers: {
        host: HOST,
        ...cookie(session),
        ...headers,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? 'subject=Cross-site+attempt&description=x' : ticket,
    });
    expect(res.statusCode, res.body).toBe(status);
    const mine = await h.request({ method: 'GET', url: '/api/entities/tickets', headers: user.headers });
    expect(mine.json().items).toHaveLength(status === 201 ? 1 : 0);
  });

  it('grants no cross-origin read: no CORS header answers another site', async () => {
    const user = await h.user('customer');
    const res = await h.request({
      method: 'GET',
      url: '/api/entities/tickets',
      headers: { ...cookie(user.token), origin: 'https://evil.example' },
    });
    expect(Object.keys(res.headers).filter((k) => k.startsWith('access-control-'))).toEqual([]);
    const preflight = await h.request({
      method: 'OPTIONS',
      url: '/api/entities/tickets',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('refuses a cross-site logout, and the session lives on', async () => {
    const user = await h.user('customer');
    const session = sessionCookie(await login(user.email, PASSWORD)).value;
    const res = await h.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...cookie(session), 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(cookie(session))).statusCode).toBe(200);
  });

  it('lets a bearer token write whatever the site headers say (another site cannot send it)', async () => {
    const user = await h.user('customer');
    const res = await h.request({
      method: 'POST',
      url: '/api/entities/tickets',
      headers: { ...user.headers, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: ticket,
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
