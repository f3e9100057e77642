/**
 * Who is calling: a session token from the `Authorization: Bearer` header or the HttpOnly
 * session cookie. Cookie-authenticated writes must come from this site (Sec-Fetch-Site or
 * Origin), so another site cannot make a signed-in browser write.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import type { Caller } from '../core/rules/rule-context';

export const SESSION_COOKIE = 'nf_session';

export interface CallerToken {
  readonly token: string;
  readonly via: 'bearer' | 'cookie';
}

/** The session token a request carries, and how. */
export function requestToken(request: FastifyRequest): CallerToken | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return { token: auth.slice(7).trim(), via: 'bearer' };
  // Parsed here, for the one cookie read, rather than by a plugin hook on every request.
  const header = request.headers.cookie;
  const cookie = header ? parseCookie(header)[SESSION_COOKIE] : undefined;
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses a cookie-authenticated write that another site sent. */
export function checkSameSite(request: FastifyRequest, via: CallerToken['via'] | undefined): void {
  if (via !== 'cookie' || SAFE.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw new AppError('FORBIDDEN');
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  try {
    if (new URL(origin).host === request.headers.host) return;
  } catch {}
  throw new AppError('FORBIDDEN');
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure behind HTTPS. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: SESSION_COOKIE,
      value: token,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: maxAgeSeconds,
    }),
  );
}

/** Clears the session cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({ name: SESSION_COOKIE, value: '', path: '/', maxAge: 0, expires: new Date(0) }),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    callerToken: CallerToken | undefined;
  }
}

/**
 * Refuses (403 FORBIDDEN) a request authenticated by an API key, for what only the person
 * may do: make keys, change the password or the email, sign out everywhere. A leaked key
 * must not take the account over.
 * @example serveRoute(server, 'authChangePassword', async (req) => { refuseApiKey(req); … });
 */
export function refuseApiKey(request: FastifyRequest): void {
  if (request.caller?.apiKey !== undefined) throw new AppError('FORBIDDEN');
}
