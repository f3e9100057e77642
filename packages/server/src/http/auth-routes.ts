/**
 * Sign-up, sign-in, sign-out and the current user, as DESIGN.md's contract says.
 */
import type { FastifyInstance } from 'fastify';
import { logIn } from '../core/accounts/accounts';
import { isApiKey, SESSION_DAYS } from '../core/accounts/sessions';
import { AppError } from '../core/app-error';
import { addressKey } from '../core/limits/address-key';
import type { RateCounter } from '../core/limits/rate-counter';
import type { Core } from '../core/ninefold-core';
import { clearSessionCookie, setSessionCookie } from './request-caller';
import { serveRoute } from './serve-route';

const MAX_AGE = SESSION_DAYS * 86_400;

/** Registers /api/auth/*. */
export function authRoutes(
  server: FastifyInstance,
  core: Core,
  failedLogins: RateCounter,
  signups: RateCounter,
): void {
  serveRoute(server, 'authSignup', async (req, reply) => {
    const now = core.now();
    const wait = await signups.take([addressKey(req.ip)], now.getTime());
    if (wait > 0) throw rateLimited(wait);
    const { user, token } = await core.signUp(req.body);
    setSessionCookie(req, reply, token, MAX_AGE);
    reply.code(201);
    return { user, token };
  });

  serveRoute(server, 'authLogin', async (req, reply) => {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : '';
    const keys = [`email:${email}`, addressKey(req.ip)];
    const now = core.now();
    // Counted as failed before checking, so attempts sent at once (to any process) cannot all
    // pass the limit; any other outcome gives the attempt back.
    const wait = await failedLogins.take(keys, now.getTime());
    if (wait > 0) throw rateLimited(wait);
    try {
      const { user, token } = await logIn(core.app, core.db, body.email, body.password, now);
      await failedLogins.give(keys, now.getTime());
      setSessionCookie(req, reply, token, MAX_AGE);
      return { user, token };
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'INVALID_CREDENTIALS'))
        await failedLogins.give(keys, now.getTime());
      throw e;
    }
  });

  serveRoute(server, 'authLogout', async (req, reply) => {
    // A key is no session: revoking it is its own call (DELETE /api/auth/api-keys/{id}).
    if (req.callerToken && !isApiKey(req.callerToken.token)) await core.logout(req.callerToken.token);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  serveRoute(server, 'authMe', async (req) => {
    const caller = req.caller;
    if (!caller) throw new AppError('UNAUTHENTICATED');
    let user: Awaited<ReturnType<typeof core.get>> | null;
    try {
      user = await core.get(caller, 'users', caller.id);
    } catch {
      user = null;
    }
    // Whether one's own address is confirmed is one's own to know, whatever fields the role's
    // read rule lists: the client shows the banner that asks for it by this.
    const own = await core.db.all<{ emailVerified: unknown }>(
      core.db.qb.selectFrom('users').select('emailVerified').where('id', '=', caller.id),
    );
    const emailVerified = own[0]?.emailVerified === true || own[0]?.emailVerified === 1;
    if (!user) return { user: { id: caller.id, email: caller.email, role: caller.role, emailVerified } };
    const { $can: _can, ...plain } = user;
    // The role the rules judge this caller by, where it is not the account's own: a key
    // narrowed to another role, an unconfirmed account acting as `verifyEmail.actAs`.
    const acting = plain.role !== undefined && plain.role !== caller.role ? { actingRole: caller.role } : {};
    return { user: { ...plain, emailVerified, ...acting } };
  });
}

/**
 * The answer to a caller over a rate limit, with how long to wait.
 * @example throw rateLimited(12) // 429 RATE_LIMITED, Retry-After: 12
 */
export function rateLimited(wait: number): AppError {
  return new AppError('RATE_LIMITED', { retryAfter: wait }, [], { 'retry-after': String(wait) });
}
