/**
 * A fuzz over every route `/api/openapi.json` lists, once per dialect, seeded and bounded in
 * time: each path position (entity, id, transition, action) replaced by a prototype name, a
 * segment over 100 characters, junk encodings or a real name; random methods, callers,
 * headers (large ones included), queries and bodies. Every answer must be under 500, and
 * every refusal problem+json with a catalogue code of its status. Then what only a socket
 * can send (headers over 16 KB, broken framing), over loopback TCP.
 */

import app from '@ninefold/example-helpdesk';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { quickUser } from './helpdesk-world';
import { bodyArb, headersArb, nastyString, pct, queryArb, type Target } from './random-requests';
import { rawRequest } from './raw-http';

const CASES = 20_000;
const RAW_CASES = 300;
/** The bound on time: fast-check stops there and the case count below then fails. */
const TIME_LIMIT_MS = 240_000;
const SEED = 20_260_412;
const PROTO_NAMES = ['constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf', 'prototype'];
const METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

/** A route of the OpenAPI document: its path split into segments, and its methods. */
interface Route {
  readonly segments: readonly string[];
  readonly methods: readonly Method[];
}

function routesOf(doc: { paths: Record<string, Record<string, unknown>> }): Route[] {
  return Object.entries(doc.paths).map(([path, ops]) => ({
    segments: path.split('/').slice(1),
    methods: Object.keys(ops)
      .map((m) => m.toUpperCase())
      .filter((m): m is Method => (METHODS as readonly string[]).includes(m)),
  }));
}

/** What may stand in a path position: the real thing mostly, and everything that broke it. */
function segmentArb(real: string, ids: readonly string[]): fc.Arbitrary<string> {
  const filled = real === '{id}' ? fc.constantFrom(...ids) : fc.constant(real);
  return fc.oneof(
    { weight: 6, arbitrary: filled },
    { weight: 2, arbitrary: fc.constantFrom(...PROTO_NAMES) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.integer({ min: 95, max: 400 }).map((n) => 'a'.repeat(n)),
        fc.integer({ min: 30, max: 120 }).map((n) => '%F0%9F%98%80'.repeat(n)),
        fc.string({ unit: 'grapheme-ascii', minLength: 101, maxLength: 300 }).map(pct),
      ),
    },
    { weight: 1, arbitrary: nastyString.map(pct) },
    { weight: 1, arbitrary: fc.constantFrom('%ZZ', '%', '%00', '%2F', '..', '', 'Tickets', 'nf_sessions') },
  );
}

function requestArb(routes: readonly Route[], target: Target): fc.Arbitrary<InjectOptions> {
  const route = fc.constantFrom(...routes).chain((r) =>
    fc.record({
      path: fc
        .tuple(...r.segments.map((s, i) => (i < 1 ? fc.constant(s) : segmentArb(s, target.ids))))
        .map((parts) => `/${parts.join('/')}`),
      method: fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...(r.methods.length > 0 ? r.methods : METHODS)) },
        fc.constantFrom(...METHODS),
      ),
    }),
  );
  const bigHeader = fc.record({
    name: fc.constantFrom('x-padding', 'cookie', 'authorization', 'if-match', 'accept-encoding'),
    size: fc.integer({ min: 1_000, max: 40_000 }),
  });
  return fc
    .record({
      route,
      query: fc.option(queryArb(target), { freq: 3 }),
      caller: fc.constantFrom(...target.callers),
      headers: fc.option(headersArb(target), { freq: 2 }),
      big: fc.option(bigHeader, { freq: 8 }),
      body: fc.option(bodyArb(target.app), { freq: 2 }),
    })
    .map(({ route: r, query, caller, headers, big, body }) => ({
      method: r.method,
      url: query ? `${r.path}?${query}` : r.path,
      headers: {
        ...caller,
        ...(headers ?? {}),
        ...(body ? { 'content-type': body.contentType } : {}),
        ...(big ? { [big.name]: 'x'.repeat(big.size) } : {}),
      },
      ...(body && r.method !== 'GET' && r.method !== 'HEAD' ? { payload: body.payload } : {}),
    }));
}

/** The one property of every answer. */
function expectCatalogued(res: LightMyRequestResponse, method: string): void {
  const what = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), what).toMatch(/^application\/problem\+json/);
  if (method === 'HEAD') return; // the headers of a GET and no body
  const body = res.json();
  expect(Object.hasOwn(app.errors, body.code), what).toBe(true);
  expect(app.errors[body.code]?.status, what).toBe(res.statusCode);
  expect(body.status, what).toBe(res.statusCode);
}

/**
 * Raw requests: a well-formed one on a route, then broken in one of the ways HTTP breaks
 * (some breakages still make a request Node accepts, such as many small headers).
 */
function rawArb(routes: readonly Route[], ids: readonly string[]): fc.Arbitrary<{ bytes: string }> {
  const line = fc
    .tuple(
      fc.constantFrom(...routes),
      fc.constantFrom(...ids),
      fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
    )
    .map(([r, id, m]) => `${m} /${r.segments.join('/').replace('{id}', id)} HTTP/1.1`);
  const token = fc.string({ unit: fc.constantFrom(...'()<>@,;:\\"/[]?={} \t\u0000\u007f'), minLength: 1 });
  const breakage = fc.oneof(
    fc.integer({ min: 16_400, max: 70_000 }).map((n) => `X-Big: ${'a'.repeat(n)}\r\n\r\n`),
    fc.integer({ min: 200, max: 400 }).map((n) => `${'X-Many: y\r\n'.repeat(n * 10)}\r\n`),
    fc
      .constantFrom('abc', '-1', '1.5', '0x10', '99999999999999999999', '1, 2')
      .map((v) => `Content-Length: ${v}\r\n\r\n{}`),
    fc.constant('Content-Length: 1\r\nContent-Length: 2\r\n\r\n{}'),
    fc.constant('Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n0\r\n\r\n'),
    fc
      .constantFrom('ZZ', '-1', 'fffffffffffffffff', '')
      .map(
        (size) =>
          `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\n{}\r\n0\r\n\r\n`,
      ),
    token.map((t) => `X${t}Y: value\r\n\r\n`),
    fc.constantFrom('\u0000', '\r', '\u007f').map((c) => `X-Ctl: a${c}b\r\n\r\n`),
  );
  const start = fc.oneof(
    { weight: 6, arbitrary: line },
    line.map((l) => l.replace('HTTP/1.1', 'HTTP/9.9')),
    line.map((l) => l.replace(' ', '(')),
    line.map((l) => l.replace(' /', ' /\u0000')),
  );
  return fc.tuple(start, breakage).map(([s, b]) => {
    const bytes = `${s}\r\nHost: localhost\r\nConnection: close\r\n${b}`;
    // A counterexample of 40 KB helps nobody: fast-check prints its start.
    return {
      bytes,
      [fc.toStringMethod]: () => `${JSON.stringify(bytes.slice(0, 160))}… (${bytes.length} bytes)`,
    };
  });
}

describe.each(DIALECTS)('every route of the OpenAPI document, fuzzed, on %s', (dialect) => {
  let h: Harness;
  let target: Target;
  let routes: Route[];
  let port: number;
  // A clock a second on per request: rate limits refuse some, not all, of the writes.
  let clock = Date.now();

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: () => new Date(clock) });
    const users = await Promise.all(
      (['customer', 'customer', 'agent', 'admin'] as const).map((role) => quickUser(h, role)),
    );
    const ticket = await h.ticket(users[0]!);
    target = {
      app,
      ids: [String(ticket.id), '0190c0f0-0000-7000-8000-000000000000', ...users.map((u) => u.id)],
      callers: [{}, ...users.map((u) => u.headers)],
      tokens: users.map((u) => u.token),
    };
    routes = routesOf((await h.request({ method: 'GET', url: '/api/openapi.json' })).json());
    await h.nf.server.listen({ host: '127.0.0.1', port: 0 });
    port = (h.nf.server.server.address() as { port: number }).port;
  });
  afterAll(() => h.close());

  it(`answers ${CASES} random requests with no 5xx, each refusal from the catalogue`, {
    timeout: TIME_LIMIT_MS + 30_000,
  }, async () => {
    expect(routes.length).toBeGreaterThan(20);
    let ran = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(requestArb(routes, target), async (request) => {
        ran += 1;
        clock += 1_000;
        expectCatalogued(await h.request({ ...request, remoteAddress: '127.0.0.9' }), String(request.method));
      }),
      { numRuns: CASES, seed: SEED, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: true },
    );
    expect(ran).toBeGreaterThanOrEqual(CASES);
    console.info(
      `[route fuzz] ${dialect}: ${ran} requests in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });

  it(`answers ${RAW_CASES} requests Node's parser refuses from the catalogue`, {
    timeout: 120_000,
  }, async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(rawArb(routes, target.ids), async ({ bytes }) => {
        const answer = await rawRequest(port, bytes);
        const what = `${answer.raw.slice(0, 300)} ← ${JSON.stringify(bytes.slice(0, 120))}`;
        expect(answer.status, what).toBeGreaterThanOrEqual(200);
        expect(answer.status, what).toBeLessThan(500);
        if (answer.status < 400) return;
        refused += 1;
        expect(answer.headers['content-type'], what).toMatch(/^application\/problem\+json/);
        const body = JSON.parse(answer.body);
        expect(app.errors[body.code]?.status, what).toBe(answer.status);
      }),
      { numRuns: RAW_CASES, seed: SEED },
    );
    // Most of them are broken for sure: the parser's refusals were exercised, not dodged.
    expect(refused).toBeGreaterThan(RAW_CASES / 2);
    console.info(`[route fuzz] ${dialect}: ${RAW_CASES} raw requests, ${refused} refused by the parser`);
  });
});
