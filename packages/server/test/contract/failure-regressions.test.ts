/**
 * Regression tests for issue #12's 500s and answers not from the catalogue, one row per bug,
 * named after it, once per dialect: requests through `inject`, and what only a raw socket can
 * send (headers over Node's limit, broken framing) over loopback TCP.
 */

import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { type ContractRow, expectAbsent, runRow } from './contract-case';
import { quickUser } from './helpdesk-world';
import { rawRequest } from './raw-http';

interface World {
  readonly h: Harness;
  readonly alice: TestUser;
  readonly ticketId: string;
}

const LONG = 'a'.repeat(101);
const SOME_ID = '0190c0f0-0000-7000-8000-000000000000';
const PROTO_NAMES = ['constructor', '__proto__', 'hasOwnProperty', 'toString'];
const json = { 'content-type': 'application/json' };

const notFound = (name: string, request: ContractRow<World>['request']): ContractRow<World> => ({
  name,
  request,
  status: 404,
  code: 'NOT_FOUND',
});

const ROWS: ContractRow<World>[] = [
  notFound('bug: an action name over 100 characters answered 500', () => ({
    method: 'POST',
    url: `/api/actions/${LONG}`,
    headers: json,
    payload: '{}',
  })),
  notFound('bug: an entity segment over 100 characters answered 500', () => ({
    method: 'GET',
    url: `/api/entities/${LONG}`,
  })),
  notFound('bug: an id segment over 100 characters answered 500', (w) => ({
    method: 'PATCH',
    url: `/api/entities/tickets/${LONG}`,
    headers: { ...w.alice.headers, ...json },
    payload: '{}',
  })),
  notFound('bug: a transition segment over 100 characters answered 500', (w) => ({
    method: 'POST',
    url: `/api/entities/tickets/${w.ticketId}/transitions/${LONG}`,
    headers: { ...w.alice.headers, ...json },
    payload: '{}',
  })),
  // The random-headers property test failed once on SQLite for this: an anonymous DELETE
  // reached grantsFor, where app.entities.constructor is Object and `.access` is undefined.
  ...PROTO_NAMES.flatMap((name): ContractRow<World>[] => [
    // Answered 401 UNAUTHENTICATED after the fix, while a GET of the same name answered 404:
    // an entity that does not exist is NOT_FOUND for everyone.
    notFound(
      `bug: an anonymous DELETE /api/entities/${name}/<id> answered 500 (a TypeError in grantsFor)`,
      () => ({
        method: 'DELETE',
        url: `/api/entities/${name}/${SOME_ID}`,
      }),
    ),
    notFound(`bug: an anonymous DELETE /api/entities/${name}/<id> with a JSON body answered 500`, () => ({
      method: 'DELETE',
      url: `/api/entities/${name}/${SOME_ID}`,
      headers: json,
      payload: '{}',
    })),
    notFound(`bug: an anonymous PATCH /api/entities/${name}/<id> answered 401, a GET 404`, () => ({
      method: 'PATCH',
      url: `/api/entities/${name}/${SOME_ID}`,
      headers: json,
      payload: '{}',
    })),
    notFound(`bug class: a signed-in DELETE /api/entities/${name}/<id> names no entity`, (w) => ({
      method: 'DELETE',
      url: `/api/entities/${name}/${SOME_ID}`,
      headers: w.alice.headers,
    })),
  ]),
  notFound('bug: a plain GET on the WebSocket route answered an empty 404, not problem+json', () => ({
    method: 'GET',
    url: '/api/realtime',
  })),
];

/** Requests only a raw socket can send; each answered from the catalogue, then closed. */
const RAW: { name: string; bytes: string; status: number; code: string }[] = [
  {
    name: 'bug: headers over 16 KB answered a bare 431 JSON body',
    bytes: `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(17_000)}\r\n\r\n`,
    status: 431,
    code: 'HEADERS_TOO_LARGE',
  },
  ...[
    ['a Content-Length that is not a number', 'Content-Length: abc\r\n\r\n{}'],
    ['two different Content-Lengths', 'Content-Length: 1\r\nContent-Length: 2\r\n\r\n{}'],
    [
      'a bad chunk size',
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
    ],
    ['a space in a header name', 'Bad Name: x\r\n\r\n'],
    ['NUL in a header value', 'X-Nul: a\u0000b\r\n\r\n'],
  ].map(([what, rest]) => ({
    name: `bug: malformed framing (${what}) answered a bare 400 JSON body`,
    bytes: `POST /api/entities/tickets HTTP/1.1\r\nHost: localhost\r\n${rest}`,
    status: 400,
    code: 'MALFORMED_REQUEST',
  })),
  {
    name: 'bug: a request line with a bad method answered a bare 400 JSON body',
    bytes: 'G(T /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
];

describe.each(DIALECTS)('failure regressions on %s', (dialect) => {
  let w: World;
  let port: number;
  beforeAll(async () => {
    const h = await startHelpdesk(dialect);
    const alice = await quickUser(h);
    w = { h, alice, ticketId: String((await h.ticket(alice)).id) };
    await h.nf.server.listen({ host: '127.0.0.1', port: 0 });
    port = (h.nf.server.server.address() as { port: number }).port;
  });
  afterAll(() => w.h.close());

  it.each(ROWS)('$name', async (row) => {
    await runRow(app, w.h.request, w, row);
  });

  it.each(RAW)('$name', async (c) => {
    const answer = await rawRequest(port, c.bytes);
    expect(answer.status, answer.raw.slice(0, 300)).toBe(c.status);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(answer.body);
    expect(body).toMatchObject({ status: c.status, code: c.code });
    expect(app.errors[body.code]?.status).toBe(c.status);
    expectAbsent(answer.body);
  });
});
