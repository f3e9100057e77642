/**
 * Regression tests for the bugs the contract and property tests found, one row per bug,
 * named after it, once per dialect (most were PostgreSQL-only 500s).
 */

import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { type ContractRow, runRow } from './contract-case';
import { quickUser, type Rec } from './helpdesk-world';

interface World {
  readonly h: Harness;
  readonly alice: TestUser;
  readonly ticket: Rec;
}

const T = '/api/entities/tickets';
const json = { 'content-type': 'application/json' };
const cursorOf = (value: unknown, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

const malformed = (name: string, request: ContractRow<World>['request']): ContractRow<World> => ({
  name,
  request,
  status: 400,
  code: 'MALFORMED_REQUEST',
});

const ROWS: ContractRow<World>[] = [
  malformed('bug: NUL in a text field answered 500 on PostgreSQL', (w) => ({
    method: 'POST',
    url: T,
    headers: w.alice.headers,
    payload: { subject: 'Hello\u0000there', description: 'x' },
  })),
  malformed('bug: NUL in a list item answered 500 on PostgreSQL', (w) => ({
    method: 'POST',
    url: T,
    headers: w.alice.headers,
    payload: { subject: 'Hello there', description: 'x', tags: ['a\u0000'] },
  })),
  malformed('bug: an unpaired surrogate in a text field answered 500 on PostgreSQL', (w) => ({
    method: 'PATCH',
    url: `${T}/${w.ticket.id}`,
    headers: { ...w.alice.headers, ...json },
    payload: '{"description":"half an emoji \\ud83d"}',
  })),
  malformed('bug: NUL in a sign-in email answered 500 on PostgreSQL', () => ({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'a\u0000@x.example', password: 'whatever-password' },
  })),
  malformed('bug: NUL in a sign-up name answered 500 on PostgreSQL', () => ({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: 'nul@x.example', name: 'N\u0000l', password: 'a long enough secret' },
  })),
  {
    name: 'bug: an invitation id with a NUL byte answered 500 on PostgreSQL',
    request: (w) => ({ method: 'DELETE', url: '/api/auth/invitations/%00', headers: w.alice.headers }),
    status: 404,
    code: 'NOT_FOUND',
  },
  malformed('bug: NUL in a filter value answered 500 on PostgreSQL', (w) => ({
    method: 'GET',
    url: `${T}?subject[contains]=a%00b`,
    headers: w.alice.headers,
  })),
  malformed('bug: a fractional integer filter answered 500 on PostgreSQL', (w) => ({
    method: 'GET',
    url: `${T}?version[gt]=1.5`,
    headers: w.alice.headers,
  })),
  malformed('bug: an integer filter beyond bigint answered 500 on PostgreSQL', (w) => ({
    method: 'GET',
    url: `${T}?version=99999999999999999999`,
    headers: w.alice.headers,
  })),
  malformed('bug: a date filter past the year 9999 answered 500 on PostgreSQL', (w) => ({
    method: 'GET',
    url: `${T}?createdAt[gt]=%2B099999-01-01T00:00:00Z`,
    headers: w.alice.headers,
  })),
  malformed('bug: a cursor with a string for a datetime answered 500 on PostgreSQL', (w) => ({
    method: 'GET',
    url: `${T}?cursor=${cursorOf('abc', w.ticket.id)}`,
    headers: w.alice.headers,
  })),
  malformed('bug: a cursor with an object value answered 500', (w) => ({
    method: 'GET',
    url: `${T}?cursor=${cursorOf({ a: 1 }, w.ticket.id)}`,
    headers: w.alice.headers,
  })),
  malformed('bug: a cursor with NUL in its id answered 500 on PostgreSQL', (w) => ({
    method: 'GET',
    url: `${T}?cursor=${cursorOf(w.ticket.createdAt, '\u0000')}`,
    headers: w.alice.headers,
  })),
  malformed('bug: a text/plain body was validated as a string (422) instead of refused', (w) => ({
    method: 'POST',
    url: T,
    headers: { ...w.alice.headers, 'content-type': 'text/plain' },
    payload: '{"subject":"Hello there","description":"x"}',
  })),
  malformed('bug: a path with broken percent-encoding answered Fastify JSON, not problem+json', () => ({
    method: 'GET',
    url: '/api/entities/%ZZ',
  })),
  {
    name: 'bug: a JSON null PATCH body wrote a new version',
    request: (w) => ({
      method: 'PATCH',
      url: `${T}/${w.ticket.id}`,
      headers: { ...w.alice.headers, ...json },
      payload: 'null',
    }),
    status: 422,
    code: 'VALIDATION_FAILED',
    expect: async (_body, _res, w) => {
      const now = await w.h.request({ method: 'GET', url: `${T}/${w.ticket.id}`, headers: w.alice.headers });
      expect(now.json().version).toBe(w.ticket.version);
    },
  },
];

describe.each(DIALECTS)('regressions on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    const h = await startHelpdesk(dialect);
    const alice = await quickUser(h);
    w = { h, alice, ticket: await h.ticket(alice) };
  });
  afterAll(() => w.h.close());

  it.each(ROWS)('$name', async (row) => {
    await runRow(app, w.h.request, w, row);
  });

  it('bug: concurrent failed sign-ins all passed the rate limit', async () => {
    // Twenty wrong passwords at once: the limit is ten a minute, however they arrive.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.h.request({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.2.0.1',
          payload: { email: 'burst@x.example', password: `guess-${i}` },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });
});
