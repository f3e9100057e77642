/**
 * Graceful shutdown, run by `server.close()` (the CLI calls it on SIGINT and SIGTERM): the
 * port stops accepting connections, a request arriving on a kept-alive connection is told
 * UNAVAILABLE with `Connection: close` (failure-answers.ts), every realtime socket is closed
 * with `going away` (1001: reconnect), and requests already in flight are answered before the
 * server, and then the database, close. Past the grace period whatever is still open is cut,
 * so a hung request cannot keep a restart waiting for ever.
 */
import type { FastifyInstance } from 'fastify';
import type { RealtimeHub } from '../realtime/realtime-hub';

/**
 * How long in-flight requests get to finish by default: within a process manager's usual 30 s.
 * @example createNinefold(app, { shutdownGraceMs: SHUTDOWN_GRACE_MS * 2 })
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Registers the shutdown steps on a new server.
 * @example gracefulClose(server, hub, 10_000); … await server.close();
 */
export function gracefulClose(server: FastifyInstance, hub: RealtimeHub, graceMs: number): void {
  let closing = false;
  // An answer given while closing ends its connection: kept alive, it would hold the close
  // open until the client let go of it.
  server.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  server.addHook('preClose', (done) => {
    closing = true;
    // Sockets first: they would otherwise hold the close open until their clients left.
    hub.close();
    const http = server.server;
    if (http.listening) {
      const cut = setTimeout(() => {
        server.log.warn(
          { graceMs },
          'shutdown: requests still in flight after the grace period; closing their connections',
        );
        hub.terminate();
        http.closeAllConnections();
      }, graceMs);
      cut.unref();
      http.once('close', () => clearTimeout(cut));
    }
    done();
  });
  // Also when the server closes before it ever listened or became ready (no preClose then).
  server.addHook('onClose', async () => hub.close());
}
