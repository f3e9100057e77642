/**
 * `GET /api/metrics`: the Prometheus text exposition of this server and its process. Read with
 * `Authorization: Bearer <METRICS_TOKEN>` (a scraper has no session), or by a signed-in admin,
 * as `/api/rates` is; anyone else is refused with the catalogue's UNAUTHENTICATED or FORBIDDEN.
 * Every answered request is counted by method, route pattern and status.
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import { isAdminRole } from '@ninefold/spec';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error';
import type { Core } from '../core/ninefold-core';
import type { ServerMetrics } from '../metrics/server-metrics';
import { serveRoute } from './serve-route';

/** SHA-256 of a token: equal lengths for `timingSafeEqual`, whatever length was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether `sent` is the configured token, in time that does not depend on where they differ.
 * @example tokenMatches('s3cret', 's3cret') // true
 */
export function tokenMatches(expected: string, sent: string | undefined): boolean {
  return sent !== undefined && timingSafeEqual(digest(expected), digest(sent));
}

/**
 * Counts every request in `metrics`, and serves them at `/api/metrics`. Register before any
 * plugin context (the realtime route's), so its requests are counted too.
 * @example metricsRoute(server, core, new ServerMetrics(hub), process.env.METRICS_TOKEN);
 */
export function metricsRoute(
  server: FastifyInstance,
  core: Core,
  metrics: ServerMetrics,
  token: string | undefined,
): void {
  server.addHook('onResponse', (req, reply, done) => {
    metrics.observe(
      // The route's pattern, never the URL: the URL's ids would make a series per record.
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  serveRoute(server, 'getMetrics', async (req, reply) => {
    const bearer = req.callerToken?.via === 'bearer' ? req.callerToken.token : undefined;
    if (!(token && tokenMatches(token, bearer))) {
      if (!req.caller) throw new AppError('UNAUTHENTICATED');
      if (!isAdminRole(core.app, req.caller.role)) throw new AppError('FORBIDDEN');
    }
    reply.type(metrics.contentType).header('cache-control', 'no-store');
    return metrics.text();
  });
}
