/**
 * The account flows over HTTP (DESIGN.md): password reset, email verification and change,
 * change of password, sign out everywhere (invitations: invitation-routes.ts). Thin: check
 * the limits, call the core, answer. Every route counts against the built-in `account`
 * window; those that send mail against `mail` too, per recipient.
 */
import type { FastifyInstance } from 'fastify';
import { resetEmail } from '../core/accounts/password-reset';
import { SESSION_DAYS } from '../core/accounts/sessions';
import { AppError } from '../core/app-error';
import type { RateLimits } from '../core/limits/rate-limits';
import type { Core } from '../core/ninefold-core';
import { countedLikeSignIn, limitAccount, mailCountedIfDone } from './account-limit';
import { clearSessionCookie, refuseApiKey, setSessionCookie } from './request-caller';
import { serveRoute } from './serve-route';

const MAX_AGE = SESSION_DAYS * 86_400;

/**
 * Registers the account-flow routes of the route table.
 * @example accountRoutes(server, core, rates);
 */
export function accountRoutes(server: FastifyInstance, core: Core, rates: RateLimits): void {
  // The same work and answer for every address: checked, counted, one mail queued. Whether it
  // has an account is decided later, by the mail worker.
  serveRoute(server, 'authPasswordReset', async (req, reply) => {
    const now = core.now();
    const email = resetEmail(core.app, req.body);
    await limitAccount(req, rates, now, email);
    await core.requestPasswordReset(email);
    return reply.code(202).send();
  });

  serveRoute(server, 'authPasswordResetConfirm', async (req, reply) => {
    await limitAccount(req, rates, core.now());
    return signedInReply(req, reply, await core.resetPassword(req.body));
  });

  serveRoute(server, 'authVerifyEmail', async (req) => {
    await limitAccount(req, rates, core.now());
    return core.verifyEmail(req.body);
  });

  serveRoute(server, 'authVerifyEmailResend', async (req, reply) => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    await limitAccount(req, rates, core.now(), req.caller.email);
    await core.resendVerification(req.caller);
    return reply.code(202).send();
  });

  serveRoute(server, 'authChangePassword', async (req, reply) => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    refuseApiKey(req);
    const now = core.now();
    await limitAccount(req, rates, now);
    await countedLikeSignIn(req, rates, now, () =>
      core.changePassword(req.caller, req.callerToken?.token, req.body),
    );
    return reply.code(204).send();
  });

  // A taken address answers the same 202 and gets no mail: nobody learns who has an account.
  serveRoute(server, 'authChangeEmail', async (req, reply) => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    refuseApiKey(req);
    const now = core.now();
    const input = core.changeEmailInput(req.caller, req.body);
    await limitAccount(req, rates, now, input.email);
    await mailCountedIfDone(rates, now, input.email, () =>
      countedLikeSignIn(req, rates, now, () => core.changeEmail(req.caller, input)),
    );
    return reply.code(202).send();
  });

  serveRoute(server, 'authLogoutEverywhere', async (req, reply) => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    refuseApiKey(req);
    await limitAccount(req, rates, core.now());
    await core.logoutEverywhere(req.caller);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });
}

/**
 * Answers a flow that ends signed in: the cookie set, `{user, token}`.
 * @example return signedInReply(req, reply, await core.acceptInvitation(req.body));
 */
export function signedInReply<T extends { token: string }>(
  req: Parameters<typeof setSessionCookie>[0],
  reply: Parameters<typeof setSessionCookie>[1],
  answer: T,
): T {
  setSessionCookie(req, reply, answer.token, MAX_AGE);
  return answer;
}
