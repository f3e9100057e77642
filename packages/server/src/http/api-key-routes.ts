/**
 * `GET`/`POST /api/auth/api-keys` and `DELETE /api/auth/api-keys/{id}` (core/accounts/api-keys.ts).
 * The writes count against the built-in `account` rate, per user; the list against `accountReads`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createApiKey, listApiKeys, revokeApiKey } from '../core/accounts/api-keys';
import { AppError } from '../core/app-error';
import type { RateLimits } from '../core/limits/rate-limits';
import type { Core } from '../core/ninefold-core';
import { limitAccount, limitAccountRead } from './account-limit';
import { refuseApiKey } from './request-caller';
import { serveRoute } from './serve-route';

/**
 * Registers the API key routes.
 * @example apiKeyRoutes(server, core, rates);
 */
export function apiKeyRoutes(server: FastifyInstance, core: Core, rates: RateLimits): void {
  /** Signed in first (401 before 429), then counted per user in the `account` window. */
  const limit = async (req: FastifyRequest) => {
    if (!req.caller) throw new AppError('UNAUTHENTICATED');
    await limitAccount(req, rates, core.now());
  };

  serveRoute<{ Querystring: Record<string, unknown> }>(server, 'listApiKeys', async (req) => {
    await limitAccountRead(req, rates, core.now());
    return listApiKeys(core, req.caller, req.query ?? {});
  });

  serveRoute(server, 'createApiKey', async (req, reply) => {
    await limit(req);
    refuseApiKey(req);
    reply.code(201);
    return createApiKey(core, req.caller, req.body);
  });

  serveRoute<{ Params: { id: string } }>(server, 'deleteApiKey', async (req, reply) => {
    await limit(req);
    await revokeApiKey(core, req.caller, req.params.id);
    return reply.code(204).send();
  });
}
