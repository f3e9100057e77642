/**
 * The Fastify adapter: the HTTP contract of DESIGN.md over the core. Thin on purpose —
 * parse, resolve the caller, call the core, answer; every failure through one handler.
 */
import { type HealthAnswer, metaAnswer, openApi } from '@ninefold/spec';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type onResponseHookHandler,
  type preValidationHookHandler,
} from 'fastify';
import { addressKey } from '../core/limits/address-key';
import { RateLimits } from '../core/limits/rate-limits';
import type { Core } from '../core/ninefold-core';
import type { Caller } from '../core/rules/rule-context';
import { refuseBadText } from '../core/storable-text';
import type { JobWorker } from '../jobs/job-worker';
import type { Mailer } from '../mail/mailer';
import { ServerMetrics } from '../metrics/server-metrics';
import { RealtimeHub, type RealtimeOptions } from '../realtime/realtime-hub';
import { accountRoutes } from './account-routes';
import { apiKeyRoutes } from './api-key-routes';
import { authRoutes, rateLimited } from './auth-routes';
import { answerClientError } from './client-error';
import { entityRoutes } from './entity-routes';
import { answerFailures, frameworkErrors } from './failure-answers';
import { fileRoutes } from './file-routes';
import { gracefulClose, SHUTDOWN_GRACE_MS } from './graceful-close';
import { historyRoutes } from './history-routes';
import { invitationRoutes } from './invitation-routes';
import { jobRoutes } from './job-routes';
import { limitsRoutes } from './limits-routes';
import { mailRoute } from './mail-route';
import { metaRoute } from './meta-route';
import { metricsRoute } from './metrics-route';
import { notificationRoutes } from './notification-routes';
import { queryRoutes } from './query-routes';
import { realtimeRoute } from './realtime-route';
import { checkSameSite, requestToken } from './request-caller';
import { type LogOptions, loggerOptions, RequestLog, requestId, sameLogger } from './request-log';
import { serveRoute } from './serve-route';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
    /** Every route registered, as `METHOD /path` (HEAD routes aside): the route table's test reads it. */
    registeredRoutes: readonly string[];
  }
}

export interface ServerOptions {
  /** Trust `X-Forwarded-For` from this proxy (an address, a CIDR, or true for any). */
  readonly trustProxy?: boolean | string;
  /**
   * Structured logs (JSON lines): on by default at `info`, or at `LOG_LEVEL`; `false` for
   * none; a level and a stream to send them elsewhere.
   */
  readonly logger?: boolean | LogOptions;
  /** The realtime hub's bounds (a socket's buffer, the dispatch backlog); production defaults. */
  readonly realtime?: RealtimeOptions;
  /**
   * The bearer token that reads `GET /api/metrics` (a Prometheus scraper's); admins read it
   * signed in. Default: `METRICS_TOKEN` from the environment; without one, admins only.
   */
  readonly metricsToken?: string;
  /** How long `close()` lets requests in flight finish before it cuts them (10 s). */
  readonly shutdownGraceMs?: number;
  /** The mail worker `GET /api/mail` shows the queue of (createNinefold gives its own). */
  readonly mailer?: Mailer;
  /** The job worker `GET /api/jobs` lists and retries through (createNinefold gives its own). */
  readonly jobs?: JobWorker;
  /**
   * Runs after every answer, on every route — those in contexts of their own (the upload's)
   * included, which a hook added once the server is built would miss (createNinefold's:
   * wake the mail and job workers after a write).
   */
  readonly onResponse?: onResponseHookHandler;
}

/**
 * A limiter for a scope: throws RATE_LIMITED once the caller's role is over a declared rate.
 * Every window that applies takes the request, and a refusal by any gives back what the
 * others counted, so a refused request counts nowhere. Answers at once when the counts are in
 * memory; a promise when they are in the database (all taken together, none left unawaited).
 */
function scopeLimit(rates: RateLimits, scope: 'write' | 'action', now: () => Date) {
  const limits = rates.forScope(scope);
  return (req: FastifyRequest): void | Promise<void> => {
    const role = req.caller?.role ?? 'anonymous';
    const windows = limits.filter((w) => !w.rule.roles || w.rule.roles.includes(role));
    if (windows.length === 0) return;
    const key = [req.caller ? `user:${req.caller.id}` : addressKey(req.ip)];
    const t = now().getTime();
    const settle = (waits: readonly number[]): void | Promise<void> => {
      const wait = Math.max(...waits);
      if (wait === 0) return;
      const given = windows.flatMap((w, i) => (waits[i] === 0 ? [w.counter.give(key, t)] : []));
      if (given.some((g) => g instanceof Promise)) {
        return Promise.all(given).then(() => {
          throw rateLimited(wait);
        });
      }
      throw rateLimited(wait);
    };
    const waits = windows.map((w) => w.counter.take(key, t));
    return waits.every((w) => typeof w === 'number') ? settle(waits) : Promise.all(waits).then(settle);
  };
}

/** Who the request is from, once its session is known; a cross-site cookie write is refused. */
function setCaller(req: FastifyRequest, caller: Caller | null): void {
  req.caller = caller;
  checkSameSite(req, req.callerToken?.via);
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Runs `fn`, then calls `done` with what it threw, if anything. */
function guarded(fn: () => void, done: (error?: Error) => void): void {
  let error: Error | undefined;
  try {
    fn();
  } catch (e) {
    error = e as Error;
  }
  done(error);
}

/**
 * @example const server = await buildServer(core); await server.listen({ port: 3000 });
 */
export async function buildServer(core: Core, options: ServerOptions = {}): Promise<FastifyInstance> {
  const { app } = core;
  const bodyLimit = app.limits.bodyBytes;
  const server: FastifyInstance = Fastify({
    bodyLimit,
    trustProxy: options.trustProxy ?? false,
    logger: loggerOptions(options.logger),
    logController: new RequestLog(),
    childLoggerFactory: sameLogger,
    genReqId: requestId,
    // Fastify's 503 while closing is a fixed body: answerFailures answers UNAVAILABLE instead.
    return503OnClosing: false,
    // Errors raised before routing (broken percent-encoding, a segment over the length)
    // answer problem+json too.
    frameworkErrors: frameworkErrors(app, bodyLimit),
    // So do requests Node's parser refuses (headers too large, broken framing).
    clientErrorHandler: answerClientError(app, () => server.log),
  });
  answerFailures(server, app, bodyLimit);
  // JSON only: a text/plain body is a wrong content type, not a string to validate.
  server.removeContentTypeParser('text/plain');
  server.decorateRequest('caller', null);
  server.decorateRequest('callerToken', undefined);

  // Callback style, and one hook for the caller and the query: every request passes through
  // it, and a cached session resolves without a promise.
  server.addHook('onRequest', (req, _reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    let caller: ReturnType<typeof core.caller>;
    try {
      if (req.url.includes('?')) refuseBadText(req.query);
      req.callerToken = requestToken(req);
      caller = req.callerToken ? core.caller(req.callerToken.token) : null;
      if (!(caller instanceof Promise)) setCaller(req, caller);
    } catch (e) {
      return done(e as Error);
    }
    if (caller instanceof Promise) caller.then((c) => setCaller(req, c)).then(() => done(), done);
    else done();
  });
  if (options.onResponse) server.addHook('onResponse', options.onResponse);
  const registered: string[] = [];
  server.decorate('registeredRoutes', registered);
  // Bodies are checked only on the routes that take one; a GET pays for no hook here.
  server.addHook('onRoute', (route) => {
    for (const m of [route.method].flat()) if (m !== 'HEAD') registered.push(`${m} ${route.url}`);
    if (![route.method].flat().some((m) => BODY_METHODS.has(m))) return;
    const checkBody: preValidationHookHandler = (req, _reply, done) => {
      guarded(() => refuseBadText(req.body), done);
    };
    route.preValidation = [...[route.preValidation ?? []].flat(), checkBody];
  });

  // One set of windows per server: the counters behind RATE_LIMITED and /api/rates.
  const rates = new RateLimits(app, core.db);
  server.addHook('onClose', async () => rates.close());

  // Forms need the password rule before they submit; the contract holds it (PASSWORD_POLICY).
  const meta = JSON.stringify(metaAnswer(app));
  const openapi = JSON.stringify(openApi(app));
  serveRoute(server, 'getHealth', async (): Promise<HealthAnswer> => ({ status: 'ok' }));
  limitsRoutes(server, core, rates);
  metaRoute(server, meta);
  serveRoute(server, 'getOpenApi', (_req, reply) => reply.type('application/json').send(openapi));
  authRoutes(server, core, rates.login.counter, rates.signup.counter);
  accountRoutes(server, core, rates);
  invitationRoutes(server, core, rates);
  apiKeyRoutes(server, core, rates);
  const limitWrite = scopeLimit(rates, 'write', core.now);
  entityRoutes(server, core, limitWrite);
  historyRoutes(server, core);
  mailRoute(server, core, rates, options.mailer);
  notificationRoutes(server, core);
  jobRoutes(server, core, options.jobs);
  const hub = new RealtimeHub(core, options.realtime);
  server.decorate('realtime', hub);
  gracefulClose(server, hub, options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS);
  // Before the realtime context: a hook added after a context is registered never reaches it.
  const metricsToken = options.metricsToken ?? (process.env.METRICS_TOKEN || undefined);
  metricsRoute(server, core, new ServerMetrics(hub), metricsToken);
  queryRoutes(server, core, limitWrite);
  // The upload in a context of its own: multipart is parsed there only.
  await fileRoutes(server, core, limitWrite);
  // In a context of its own: the WebSocket plugin's hooks then run for its route only, not
  // for every request.
  await server.register(async (realtime) => realtimeRoute(realtime, core, hub));
  const limitAction = scopeLimit(rates, 'action', core.now);
  serveRoute<{ Params: { name: string } }>(server, 'runAction', async (req) => {
    await limitAction(req);
    return core.action(req.caller, req.params.name, req.body ?? {});
  });
  return server;
}
