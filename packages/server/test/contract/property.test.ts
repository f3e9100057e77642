/**
 * Properties of every answer to hostile input, once per dialect: never a 5xx; either a 2xx
 * (JSON) or problem+json whose code is in the app's catalogue with that status; nothing
 * internal in it; and a refused request changes no stored record. fast-check prints the
 * seed and the shrunk counterexample when a property fails.
 */

import app from '@ninefold/example-helpdesk';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { must, quickUser } from './helpdesk-world';
import { bodyArb, headersArb, queryArb, routeArb, type Target } from './random-requests';

const RUNS = 300;
const TIMEOUT = 60_000;
const CODES = Object.keys(app.errors);
/** Markers of internals; unlike NEVER_IN_ANSWERS, none can come from echoing random input. */
const INTERNALS = ['"stack"', '    at ', 'node_modules', '/work/', 'SQLITE_', '$argon2', 'passwordHash'];

/** The checks every answer must pass, whatever was asked. */
function expectSound(res: LightMyRequestResponse, head = false): void {
  const what = `${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.statusCode, what).toBeGreaterThanOrEqual(200);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode < 300) {
    if (res.body.length > 0) expect(type, what).toMatch(/^application\/json/);
  } else {
    expect(type, what).toMatch(/^application\/problem\+json/);
    if (head) return; // a HEAD answer has the headers of a GET and no body
    const body = res.json();
    expect(CODES, what).toContain(body.code);
    expect(app.errors[body.code]?.status, what).toBe(res.statusCode);
    expect(body.status, what).toBe(res.statusCode);
  }
  for (const word of INTERNALS) expect(res.body, what).not.toContain(word);
}

describe.each(DIALECTS)('random input on %s', (dialect) => {
  let h: Harness;
  let target: Target;
  let customerHeaders: Record<string, string>;
  // A clock moved a minute per request: rate limits never blunt the later requests.
  let clock = Date.now();

  /**
   * What is stored, in one cheap query: per table the row count and the sum of versions
   * (every write adds a row, removes one or bumps a version), and the audit trail's length.
   */
  const fingerprint = async () => {
    const parts = ['users', 'teams', 'tickets', 'comments', 'articles'].map(
      (t) => sql`(select count(*) || ':' || coalesce(sum(version), 0) from ${sql.table(t)})`,
    );
    const audit = sql`(select count(*) from nf_audit)`;
    const [row] = await h.nf.db.all(sql`select ${sql.join([...parts, audit])}`.compile(h.nf.db.qb));
    return Object.values(row ?? {})
      .map(String)
      .join(' ');
  };
  let stored = '';

  /** Sends and checks the answer; after a refusal, what is stored must be as it was. */
  const probe = async (options: InjectOptions) => {
    clock += 61_000;
    const res = await h.request(options);
    expectSound(res, options.method === 'HEAD');
    // Reads change nothing by construction; only the writes pay for a fingerprint.
    if (options.method === 'GET' || options.method === 'HEAD') return res;
    const now = await fingerprint();
    if (res.statusCode >= 400) expect(now, `${options.method} ${String(options.url)}`).toBe(stored);
    stored = now;
    return res;
  };

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: () => new Date(clock) });
    const [alice, bob, agent, admin] = await Promise.all(
      (['customer', 'customer', 'agent', 'admin'] as const).map((role) => quickUser(h, role)),
    );
    customerHeaders = alice!.headers;
    const mine = await h.ticket(alice!);
    const theirs = await h.ticket(bob!);
    await must(
      h.request,
      {
        method: 'POST',
        url: `/api/entities/tickets/${theirs.id}/transitions/triage`,
        headers: agent!.headers,
        payload: {},
      },
      200,
    );
    const comment = await must(
      h.request,
      {
        method: 'POST',
        url: '/api/entities/comments',
        headers: alice!.headers,
        payload: { ticket: mine.id, body: 'Hello.' },
      },
      201,
    );
    const users = [alice!, bob!, agent!, admin!];
    target = {
      app,
      ids: [mine.id, theirs.id, comment.id, ...users.map((u) => u.id)],
      callers: [{}, ...users.map((u) => u.headers)],
      tokens: users.map((u) => u.token),
    };
    stored = await fingerprint();
  });
  afterAll(() => h.close());

  it('random and malformed bodies on every write route', { timeout: TIMEOUT }, async () => {
    const post = (url: string) => ({ method: 'POST' as const, url });
    const patch = (url: string) => ({ method: 'PATCH' as const, url });
    // Sign-in is weighted low: each one verifies an argon2 hash, a tenth of a second.
    const route = fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .constantFrom('tickets', 'comments', 'articles', 'teams', 'users')
          .map((e) => post(`/api/entities/${e}`)),
      },
      {
        weight: 6,
        arbitrary: fc.constantFrom(...target.ids).map((id) => patch(`/api/entities/tickets/${id}`)),
      },
      {
        weight: 3,
        arbitrary: fc.constantFrom(...target.ids).map((id) => patch(`/api/entities/users/${id}`)),
      },
      {
        weight: 6,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...target.ids.slice(0, 2)),
            fc.constantFrom('triage', 'resolve', 'withdraw', 'respond', 'nope'),
          )
          .map(([id, t]) => post(`/api/entities/tickets/${id}/transitions/${t}`)),
      },
      {
        weight: 4,
        arbitrary: fc.constantFrom('assignToMe', 'ticketStats', 'nope').map((a) => post(`/api/actions/${a}`)),
      },
      { weight: 2, arbitrary: fc.constant(post('/api/auth/signup')) },
      { weight: 1, arbitrary: fc.constant(post('/api/auth/login')) },
    );
    await fc.assert(
      fc.asyncProperty(
        route,
        bodyArb(app),
        fc.constantFrom(...target.callers),
        fc.ipV4(),
        async (r, body, caller, ip) => {
          await probe({
            ...r,
            headers: { ...caller, 'content-type': body.contentType },
            payload: body.payload,
            remoteAddress: ip,
          });
        },
      ),
      { numRuns: RUNS },
    );
    // No body, however crafted, reached Object.prototype.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('random query strings on lists and records', { timeout: TIMEOUT }, async () => {
    const path = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .constantFrom('tickets', 'comments', 'articles', 'users', 'teams')
          .map((e) => `/api/entities/${e}`),
      },
      fc.constantFrom(...target.ids).map((id) => `/api/entities/tickets/${id}`),
      fc.constant('/api/auth/me'),
    );
    await fc.assert(
      fc.asyncProperty(
        path,
        queryArb(target),
        fc.constantFrom(...target.callers),
        async (p, query, caller) => {
          await probe({ method: 'GET', url: `${p}?${query}`, headers: caller });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('random headers on random routes', { timeout: TIMEOUT }, async () => {
    const payload = fc.oneof(
      fc.constant(undefined),
      fc.constant('{"subject":"Header test ticket","description":"x"}'),
      fc.constant('{"priority":"high"}'),
      fc.constant('not json'),
    );
    await fc.assert(
      fc.asyncProperty(routeArb(target), headersArb(target), payload, async (r, headers, body) => {
        await probe({ ...r, headers, ...(body === undefined ? {} : { payload: body }) });
      }),
      { numRuns: RUNS },
    );
  });

  it('failing creates leave the ticket count unchanged', { timeout: TIMEOUT }, async () => {
    const count = async () =>
      (
        await must(
          h.request,
          { method: 'GET', url: '/api/entities/tickets?limit=100', headers: customerHeaders },
          200,
        )
      ).items.length as number;
    // Near-valid tickets: the subject is always wrong, other fields vary, so every create is refused.
    const bad = fc.record(
      {
        subject: fc.oneof(
          fc.string({ maxLength: 4 }),
          fc.string({ minLength: 121, maxLength: 200 }),
          fc.integer(),
        ),
        description: fc.oneof(
          fc.constant(''),
          fc.string({ minLength: 5001, maxLength: 5100 }),
          fc.constant(null),
        ),
        priority: fc.constantFrom('low', 'extreme', 1, null),
        tags: fc.oneof(
          fc.array(fc.string({ minLength: 1, maxLength: 5 }), { minLength: 6, maxLength: 8 }),
          fc.constant('a'),
        ),
        status: fc.constantFrom('open', 'closed'),
      },
      { requiredKeys: ['subject'] },
    );
    const before = await count();
    await fc.assert(
      fc.asyncProperty(bad, async (ticket) => {
        const res = await probe({
          method: 'POST',
          url: '/api/entities/tickets',
          headers: customerHeaders,
          payload: ticket,
        });
        expect(res.statusCode).toBe(422);
      }),
      { numRuns: RUNS },
    );
    expect(await count()).toBe(before);
  });
});
