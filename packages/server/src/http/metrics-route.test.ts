/**
 * `GET /api/metrics`: scraped with the operator's token or by an admin, refused to everyone
 * else with the catalogue's problem; requests counted by route pattern, never by URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { opsApp, signedIn } from '../../test/operations/ops-app';
import { createNinefold, type Ninefold } from '../start-app';
import { tokenMatches } from './metrics-route';

const TOKEN = 'scrape-token-0123456789abcdef';

describe('tokenMatches', () => {
  it.each([
    ['the same token', TOKEN, true],
    ['another token of the same length', TOKEN.replace('0', '1'), false],
    ['a prefix', TOKEN.slice(0, 10), false],
    ['none', undefined, false],
    ['an empty one', '', false],
  ])('%s', (_name, sent, expected) => {
    expect(tokenMatches(TOKEN, sent)).toBe(expected);
  });
});

describe('GET /api/metrics', () => {
  let nf: Ninefold;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    nf = await createNinefold(opsApp, { database: ':memory:', metricsToken: TOKEN });
    admin = await signedIn(nf, 'admin');
    member = await signedIn(nf, 'member');
  });
  afterAll(() => nf.close());

  const scrape = (authorization?: string) =>
    nf.server.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: authorization ? { authorization } : {},
    });

  it.each([
    ['with the metrics token', () => `Bearer ${TOKEN}`],
    ['by a signed-in admin', () => `Bearer ${admin}`],
  ])('is read %s, in the Prometheus text format', async (_name, auth) => {
    const res = await scrape(auth());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE ninefold_http_request_duration_seconds histogram');
    expect(res.body).toMatch(/^ninefold_realtime_connections \d+$/m);
    expect(res.body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it.each([
    ['anonymous', undefined, 401, 'UNAUTHENTICATED'],
    ['a wrong token', `Bearer ${TOKEN}x`, 401, 'UNAUTHENTICATED'],
    ['the token sent as a cookie', undefined, 401, 'UNAUTHENTICATED', `nf_session=${TOKEN}`],
    ['a member', 'member', 403, 'FORBIDDEN'],
  ])('refuses %s with %i %s and says nothing of the metrics', async (_n, auth, status, code, cookie?) => {
    const authorization = auth === 'member' ? `Bearer ${member}` : auth;
    const res = await nf.server.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { ...(authorization ? { authorization } : {}), ...(cookie ? { cookie } : {}) },
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code, status });
    expect(res.body).not.toContain('ninefold_');
  });

  it('counts requests by method, route pattern and status, never by URL', async () => {
    const made = await nf.server.inject({
      method: 'POST',
      url: '/api/entities/notes',
      headers: { authorization: `Bearer ${member}` },
      payload: { text: 'counted' },
    });
    const id = made.json().id as string;
    for (let i = 0; i < 3; i++) {
      const read = await nf.server.inject({
        method: 'GET',
        url: `/api/entities/notes/${id}`,
        headers: { authorization: `Bearer ${member}` },
      });
      expect(read.statusCode).toBe(200);
    }
    await nf.server.inject({ method: 'GET', url: '/api/no/such/route/9f1c' });
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toContain(
      'ninefold_http_request_duration_seconds_count{method="GET",route="/api/entities/:entity/:id",status="200"} 3',
    );
    expect(body).toContain(
      'ninefold_http_request_duration_seconds_count{method="POST",route="/api/entities/:entity",status="201"} 1',
    );
    expect(body).toMatch(/_count\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(body).toMatch(/_count\{method="GET",route="\/api\/metrics",status="401"\} [1-9]/);
    expect(body).not.toContain(id);
    expect(body).not.toContain('9f1c');
  });

  it('counts the realtime sockets open now', async () => {
    await nf.server.listen({ host: '127.0.0.1', port: 0 });
    const { port } = nf.server.server.address() as { port: number };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`);
    await new Promise((resolve) => ws.once('message', resolve));
    expect((await scrape(`Bearer ${TOKEN}`)).body).toMatch(/^ninefold_realtime_connections 1$/m);
    ws.close();
    await new Promise((resolve) => ws.once('close', resolve));
    await expect
      .poll(async () => (await scrape(`Bearer ${TOKEN}`)).body)
      .toMatch(/^ninefold_realtime_connections 0$/m);
  });
});

describe('GET /api/metrics without a token configured', () => {
  it('is read by admins only: no bearer token opens it', async () => {
    const nf = await createNinefold(opsApp, { database: ':memory:', metricsToken: '' });
    try {
      const admin = await signedIn(nf, 'admin');
      const asAdmin = await nf.server.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(asAdmin.statusCode).toBe(200);
      for (const authorization of ['Bearer ', 'Bearer undefined']) {
        const res = await nf.server.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await nf.close();
    }
  });
});
