/**
 * Contract rows for the platform calls (health, meta, OpenAPI) and /api/auth/*.
 */
import { BUILTIN_ERRORS } from '@ninefold/spec';
import { expect } from 'vitest';
import { PASSWORD } from '../../helpdesk-harness';
import { type ContractRow, expectRecord } from '../contract-case';
import { must, type World } from '../helpdesk-world';

let n = 0;
/** A unique email, so sign-up rows never collide with each other or the world. */
const email = (tag: string) => `${tag}-${++n}-${Date.now()}@contract.example`;
const json = { 'content-type': 'application/json' };

function expectSessionCookie(setCookie: unknown): string {
  const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie);
  expect(cookie).toMatch(/^nf_session=[\w-]{40,};/);
  expect(cookie).toContain('HttpOnly');
  expect(cookie).toContain('SameSite=Lax');
  return cookie.slice('nf_session='.length, cookie.indexOf(';'));
}

/** The rows of this file, in the order they run. */
export const platformAuthRows: ContractRow<World>[] = [
  {
    name: 'GET /api/health answers ok',
    request: () => ({ method: 'GET', url: '/api/health' }),
    status: 200,
    expect: (body) => expect(body).toEqual({ status: 'ok' }),
  },
  {
    name: 'GET /api/meta is the client-facing spec, without server-only code',
    request: () => ({ method: 'GET', url: '/api/meta' }),
    status: 200,
    absent: ['handler', 'records.get', 'async ('],
    expect: (body) => {
      expect(body.about.name).toBe('Helpdesk');
      expect(Object.keys(body.entities)).toEqual(
        expect.arrayContaining(['users', 'teams', 'tickets', 'comments', 'articles']),
      );
      expect(Object.keys(body.errors)).toEqual(
        expect.arrayContaining([...Object.keys(BUILTIN_ERRORS), 'OPEN_TICKET_LIMIT', 'TICKET_CLOSED']),
      );
    },
  },
  {
    name: 'GET /api/openapi.json is OpenAPI 3.1 with every route, action and error code',
    request: () => ({ method: 'GET', url: '/api/openapi.json' }),
    status: 200,
    expect: (body, res) => {
      expect(body.openapi).toMatch(/^3\.1\./);
      expect(Object.keys(body.paths)).toEqual(
        expect.arrayContaining([
          '/api/auth/login',
          '/api/entities/tickets',
          '/api/entities/tickets/{id}',
          '/api/entities/tickets/{id}/transitions/resolve',
          '/api/actions/assignToMe',
        ]),
      );
      for (const code of ['VERSION_MISMATCH', 'OPEN_TICKET_LIMIT', 'ASSIGNEE_NOT_AGENT']) {
        expect(res.body).toContain(code);
      }
    },
  },
  {
    name: 'signup creates a customer, answers a token and sets an HttpOnly session cookie',
    request: () => ({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: email('Signup'), name: 'New Person', password: 'a long enough secret' },
    }),
    status: 201,
    absent: ['a long enough secret'],
    expect: (body, res) => {
      expect(Object.keys(body).sort()).toEqual(['token', 'user']);
      expectRecord(body.user, { role: 'customer', name: 'New Person' });
      expect(body.user.email).toMatch(/^signup-/); // stored lower-cased
      expect(expectSessionCookie(res.headers['set-cookie'])).toBe(body.token);
    },
  },
  {
    name: 'signup refuses a chosen role and lists every failing field',
    request: () => ({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'not-an-email', name: '', password: 'short', role: 'admin' },
    }),
    status: 422,
    code: 'VALIDATION_FAILED',
    expect: (body) =>
      expect(body.errors.map((e: any) => `${e.path}:${e.code}`).sort()).toEqual([
        'email:email',
        'name:too_short',
        'password:too_short',
        'role:read_only',
      ]),
  },
  {
    name: 'signup with a taken email is refused on the email field',
    request: (w) => ({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: w.alice.email.toUpperCase(), name: 'Copycat', password: 'a long enough secret' },
    }),
    status: 422,
    code: 'VALIDATION_FAILED',
    expect: (body) =>
      expect(body.errors).toEqual([expect.objectContaining({ path: 'email', code: 'unique' })]),
  },
  {
    name: 'login answers the user and a new token, and sets the cookie',
    request: (w) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: w.alice.email, password: PASSWORD },
    }),
    status: 200,
    absent: [PASSWORD],
    expect: (body, res, w) => {
      expectRecord(body.user, { id: w.alice.id, role: 'customer' });
      expect(body.token).not.toBe(w.alice.token);
      expect(expectSessionCookie(res.headers['set-cookie'])).toBe(body.token);
    },
  },
  {
    name: 'login with a wrong password is INVALID_CREDENTIALS',
    request: (w) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: w.alice.email, password: 'not-the-password' },
    }),
    status: 401,
    code: 'INVALID_CREDENTIALS',
  },
  {
    name: 'login with an unknown email answers exactly as a wrong password does',
    request: () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@contract.example', password: 'not-the-password' },
    }),
    status: 401,
    code: 'INVALID_CREDENTIALS',
    absent: ['nobody@contract.example'],
    expect: async (body, _res, w) => {
      const known = await w.send({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: w.alice.email, password: 'not-the-password' },
      });
      expect(known.json()).toEqual(body);
    },
  },
  {
    name: 'logout answers 204, clears the cookie and ends the session for bearer and cookie alike',
    request: async (w) => {
      const { token } = await must(
        w.send,
        { method: 'POST', url: '/api/auth/login', payload: { email: w.bob.email, password: PASSWORD } },
        200,
      );
      return { method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } };
    },
    status: 204,
    expect: async (_body, res, w) => {
      expect(String(res.headers['set-cookie'])).toMatch(/^nf_session=;.*Max-Age=0/);
      const token = String(res.raw.req.headers.authorization).slice('Bearer '.length);
      for (const headers of [{ authorization: `Bearer ${token}` }, { cookie: `nf_session=${token}` }]) {
        const me = await w.send({ method: 'GET', url: '/api/auth/me', headers });
        expect(me.statusCode).toBe(401);
      }
      // Bob's other session is untouched.
      expect((await w.send({ method: 'GET', url: '/api/auth/me', headers: w.bob.headers })).statusCode).toBe(
        200,
      );
    },
  },
  {
    name: "me tells an agent whether their own email is confirmed, though the agent's read rule lists no such field",
    request: (w) => ({ method: 'GET', url: '/api/auth/me', headers: w.agent.headers }),
    status: 200,
    expect: async (body, _res, w) => {
      expect(body.user.emailVerified).toBe(false);
      // Reading the same record through the entity follows the rule: the field is not there.
      const own = await must(
        w.send,
        { method: 'GET', url: `/api/entities/users/${w.agent.id}`, headers: w.agent.headers },
        200,
      );
      expect(own.emailVerified).toBeUndefined();
    },
  },
  {
    name: 'a reset link never issued is INVALID_TOKEN, and the password stays',
    request: () => ({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: 'A'.repeat(43), password: 'a brand new secret' },
    }),
    status: 400,
    code: 'INVALID_TOKEN',
    absent: ['a brand new secret'],
    expect: async (_body, _res, w) => {
      await must(
        w.send,
        { method: 'POST', url: '/api/auth/login', payload: { email: w.alice.email, password: PASSWORD } },
        200,
      );
    },
  },
  {
    name: 'logout signed out still answers 204',
    request: () => ({ method: 'POST', url: '/api/auth/logout' }),
    status: 204,
  },
  {
    name: 'me answers the signed-in user by bearer token',
    request: (w) => ({ method: 'GET', url: '/api/auth/me', headers: w.alice.headers }),
    status: 200,
    expect: (body, _res, w) => {
      expect(Object.keys(body)).toEqual(['user']);
      expectRecord(body.user, { id: w.alice.id, email: w.alice.email, role: 'customer' });
      expect(body.user.$can).toBeUndefined();
    },
  },
  {
    name: 'me answers the signed-in user by session cookie',
    request: (w) => ({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `nf_session=${w.agent.token}` },
    }),
    status: 200,
    expect: (body, _res, w) => expectRecord(body.user, { id: w.agent.id, role: 'agent' }),
  },
  {
    name: 'me signed out is UNAUTHENTICATED',
    request: () => ({ method: 'GET', url: '/api/auth/me' }),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'me with a made-up bearer token is UNAUTHENTICATED',
    request: () => ({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    }),
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  {
    name: 'signup with a body that is not JSON is MALFORMED_REQUEST',
    request: () => ({ method: 'POST', url: '/api/auth/signup', headers: json, payload: '{"email": ' }),
    status: 400,
    code: 'MALFORMED_REQUEST',
  },
];
