/**
 * Limits over HTTP: the caller's own quota usage, and for admins what the rate limits hold
 * now (across every process where they share the database, else this process's counts).
 */

import type { QuotaUsage, RatesAnswer } from '@ninefold/spec';
import { isAdminRole } from '@ninefold/spec';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';
import { quotaUsage } from '../core/limits/quota-usage';
import type { RateLimits } from '../core/limits/rate-limits';
import type { Core } from '../core/ninefold-core';
import { serveRoute } from './serve-route';

const STARTED = new Date().toISOString();

/**
 * Registers `GET /api/quotas` and `GET /api/rates`.
 * @example limitsRoutes(server, core, new RateLimits(core.app));
 */
export function limitsRoutes(server: FastifyInstance, core: Core, rates: RateLimits): void {
  serveRoute(server, 'getQuotas', async (req): Promise<{ items: QuotaUsage[] }> => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    return { items: await quotaUsage(core.scope(req.caller)) };
  });
  serveRoute(server, 'getRates', async (req): Promise<RatesAnswer> => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    if (!isAdminRole(core.app, req.caller.role)) throw new AppError('FORBIDDEN');
    const now = core.now();
    // `shared`: the counts live in the database every process of the app shares; otherwise
    // they are this `process`'s own, and a restart clears them.
    return {
      items: await rates.usage(now.getTime()),
      at: now.toISOString(),
      shared: core.db.sharedUrl !== undefined,
      process: { pid: process.pid, startedAt: STARTED },
    };
  });
}
