/**
 * Contract rows for what guards the API before any record is touched: bodies that are not
 * JSON, cross-site cookie writes, the body size limit and the rate limits.
 */
import { expect } from 'vitest';
import { setPassword } from '../../../src/core/accounts/accounts';
import { PASSWORD } from '../../helpdesk-harness';
import type { ContractRow } from '../contract-case';
import { must, type World } from '../helpdesk-world';

const T = '/api/entities/tickets';
const TICKET = { subject: 'Guarded ticket', description: 'Please help.' };
const BODY_BYTES = 256 * 1024;

/** How many tickets a user can see now: a refused write must leave it unchanged. */
async function ticketCount(w: World, headers: Record<string, string>): Promise<number> {
  return (await must(w.send, { method: 'GET', url: `${T}?limit=100`, headers }, 200)).items.length;
}

const badBody = (
  name: string,
  headers: Record<string, string>,
  payload: string | undefined,
): ContractRow<World> => ({
  name: `MALFORMED_REQUEST: ${name}`,
  request: (w) => ({
    method: 'POST',
    url: T,
    headers: { ...w.alice.headers, ...headers },
    ...(payload === undefined ? {} : { payload }),
  }),
  status: 400,
  code: 'MALFORMED_REQUEST',
});

/** Its own client address, so the failed sign-ins of that row never slow another row. */
const LOGIN_ADDRESS = '10.1.0.11';

/** The rows of this file, in the order they run. */
export const guardRows: ContractRow<World>[] = [
  badBody('a body that is not JSON', { 'content-type': 'application/json' }, '{"subject": "x",'),
  badBody('a text/plain body', { 'content-type': 'text/plain' }, JSON.stringify(TICKET)),
  badBody('a form-encoded body', { 'content-type': 'application/x-www-form-urlencoded' }, 'subject=hello'),
  badBody('a body with no content type', {}, 'subject'),
  badBody('an empty JSON body', { 'content-type': 'application/json' }, ''),
  badBody('JSON with a trailing garbage', { 'content-type': 'application/json' }, '{"subject":"abcdef"} x'),
  {
    name: 'MALFORMED_REQUEST: a path with broken percent-encoding',
    request: (w) => ({ method: 'GET', url: '/api/entities/%E0%A4%A', headers: w.alice.headers }),
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
  {
    name: 'FORBIDDEN: a cookie-authenticated POST from another site (Origin) writes nothing',
    request: (w) => ({
      method: 'POST',
      url: T,
      headers: { cookie: `nf_session=${w.bob.token}`, origin: 'https://evil.example', host: 'helpdesk.test' },
      payload: TICKET,
    }),
    status: 403,
    code: 'FORBIDDEN',
    expect: async (_body, _res, w) => expect(await ticketCount(w, w.bob.headers)).toBe(1),
  },
  {
    name: 'FORBIDDEN: a cookie-authenticated PATCH flagged Sec-Fetch-Site: cross-site',
    request: (w) => ({
      method: 'PATCH',
      url: `${T}/${w.tickets.bobs.id}`,
      headers: { cookie: `nf_session=${w.bob.token}`, 'sec-fetch-site': 'cross-site' },
      payload: { subject: 'cross-site write' },
    }),
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    name: 'a cookie-authenticated POST from the same site is accepted',
    request: async (w) => {
      const user = await w.customer();
      return {
        method: 'POST',
        url: T,
        headers: {
          cookie: `nf_session=${user.token}`,
          origin: 'https://helpdesk.test',
          host: 'helpdesk.test',
        },
        payload: TICKET,
      };
    },
    status: 201,
  },
  {
    name: 'a bearer-authenticated POST is not a cross-site risk: any Origin is accepted',
    request: async (w) => {
      const user = await w.customer();
      return {
        method: 'POST',
        url: T,
        headers: { ...user.headers, origin: 'https://evil.example' },
        payload: TICKET,
      };
    },
    status: 201,
  },
  {
    name: 'PAYLOAD_TOO_LARGE: a body over app.limits.bodyBytes (256 KiB)',
    request: (w) => ({
      method: 'POST',
      url: T,
      headers: { ...w.alice.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...TICKET, description: 'x'.repeat(BODY_BYTES) }),
    }),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    expect: (body) => expect(body.detail).toContain(String(BODY_BYTES)),
  },
  {
    name: 'a body just under the limit is read (and judged by the field rules)',
    request: (w) => ({
      method: 'POST',
      url: T,
      headers: { ...w.alice.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...TICKET, description: 'x'.repeat(BODY_BYTES - 100) }),
    }),
    status: 422,
    code: 'VALIDATION_FAILED',
    expect: (body) =>
      expect(body.errors).toEqual([expect.objectContaining({ path: 'description', code: 'too_long' })]),
  },
  ((): ContractRow<World> => {
    // Its own user, as the budget is kept per email too: no other row's sign-in waits.
    let email = '';
    const login = (password: string) => ({
      method: 'POST' as const,
      url: '/api/auth/login',
      remoteAddress: LOGIN_ADDRESS,
      payload: { email, password },
    });
    return {
      name: 'RATE_LIMITED: the 11th failed sign-in in a minute, with Retry-After; then even the right password waits',
      request: async (w) => {
        const user = await w.customer();
        email = user.email;
        await setPassword(w.h.nf.db, user.id, PASSWORD, new Date());
        await Promise.all(Array.from({ length: 10 }, (_, i) => must(w.send, login(`wrong-${i}`), 401)));
        return login('wrong-10');
      },
      status: 429,
      code: 'RATE_LIMITED',
      expect: async (body, res, w) => {
        const wait = Number(res.headers['retry-after']);
        expect(
          Number.isInteger(wait) && wait > 0 && wait <= 60,
          `Retry-After: ${res.headers['retry-after']}`,
        ).toBe(true);
        expect(body.detail).toContain(String(wait));
        expect((await w.send(login(PASSWORD))).statusCode).toBe(429);
      },
    };
  })(),
  {
    name: 'RATE_LIMITED: a customer’s 31st write in a minute',
    request: async (w) => {
      const { user, ticket } = await w.freshTicket();
      // 29 writes at once after the create: each counts whether it wins the race or not.
      const writes = await Promise.all(
        Array.from({ length: 29 }, (_, i) =>
          w.send({
            method: 'PATCH',
            url: `${T}/${ticket.id}`,
            headers: user.headers,
            payload: { subject: `rename ${i}` },
          }),
        ),
      );
      expect(writes.every((r) => r.statusCode === 200 || r.statusCode === 412)).toBe(true);
      return {
        method: 'PATCH',
        url: `${T}/${ticket.id}`,
        headers: user.headers,
        payload: { subject: 'one write too many' },
      };
    },
    status: 429,
    code: 'RATE_LIMITED',
    expect: (_body, res) => expect(Number(res.headers['retry-after'])).toBeGreaterThan(0),
  },
];
