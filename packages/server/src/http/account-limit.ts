/**
 * The built-in limits of the account flows, taken together: every window a request counts
 * against takes it, and a refusal by any gives back what the others counted, so a refused
 * request counts nowhere. The `account` window keys on the signed-in user, else the address.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import { addressKey } from '../core/limits/address-key';
import type { RateCounter } from '../core/limits/rate-counter';
import type { RateLimits } from '../core/limits/rate-limits';
import { rateLimited } from './auth-routes';

/** Who the `account` window counts: the user, else the address. */
export function accountKey(req: FastifyRequest): string {
  return req.caller ? `user:${req.caller.id}` : addressKey(req.ip);
}

/**
 * Counts the request against the `account` window and, given a recipient, the `mail`
 * window; throws RATE_LIMITED (Retry-After) when either is full.
 * @example await limitAccount(req, rates, now, body.email)
 */
export async function limitAccount(
  req: FastifyRequest,
  rates: RateLimits,
  now: Date,
  mailTo?: string,
): Promise<void> {
  const takes: [RateCounter, string[]][] = [[rates.account.counter, [accountKey(req)]]];
  if (mailTo !== undefined) takes.push([rates.mail.counter, [`email:${mailTo}`]]);
  const t = now.getTime();
  const waits = await Promise.all(takes.map(([c, keys]) => c.take(keys, t)));
  const wait = Math.max(...waits);
  if (wait === 0) return;
  await Promise.all(takes.flatMap(([c, keys], i) => (waits[i] === 0 ? [c.give(keys, t)] : [])));
  throw rateLimited(wait);
}

/**
 * Runs the flow of a request that took a `mail` count for `mailTo`; a refusal (a forbidden
 * role, a wrong password, bad input) gives it back, since no mail left: otherwise anyone
 * signed in could spend a victim's mail budget (their password resets) with refused requests.
 * @example await mailCountedIfDone(rates, now, email, () => core.invite(req.caller, req.body))
 */
export async function mailCountedIfDone<T>(
  rates: RateLimits,
  now: Date,
  mailTo: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (mailTo !== undefined) await rates.mail.counter.give([`email:${mailTo}`], now.getTime());
    throw e;
  }
}

/**
 * Counts a read of an account list (invitations, API keys, mail) against the `accountReads`
 * window, per user, apart from the writes so that polling a list never uses up the writes' budget;
 * throws RATE_LIMITED (Retry-After) when it is full.
 * @example await limitAccountRead(req, rates, core.now())
 */
export async function limitAccountRead(req: FastifyRequest, rates: RateLimits, now: Date): Promise<void> {
  // Every list is for a signed-in caller: 401 before 429, and the count is the user's.
  if (!req.caller) throw new AppError('UNAUTHENTICATED');
  const wait = await rates.accountReads.counter.take([accountKey(req)], now.getTime());
  if (wait > 0) throw rateLimited(wait);
}

/**
 * Runs a check of the caller's current password counted like a failed sign-in (on the
 * account's email and the address): a wrong one counts, anything else is given back.
 * @example await countedLikeSignIn(req, rates, now, () => core.changePassword(caller, token, body))
 */
export async function countedLikeSignIn<T>(
  req: FastifyRequest,
  rates: RateLimits,
  now: Date,
  run: () => Promise<T>,
): Promise<T> {
  const keys = [`email:${req.caller?.email ?? ''}`, addressKey(req.ip)];
  const t = now.getTime();
  const wait = await rates.login.counter.take(keys, t);
  if (wait > 0) throw rateLimited(wait);
  let failed = false;
  try {
    return await run();
  } catch (e) {
    failed = (e as { code?: string }).code === 'INVALID_CREDENTIALS';
    throw e;
  } finally {
    if (!failed) await rates.login.counter.give(keys, t);
  }
}
