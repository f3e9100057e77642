/**
 * Structured logs, on by default: Fastify's logger (pino, one JSON object a line), one line
 * a request at `info` carrying its request id (`reqId`), route, status and time. Failures
 * add their own lines (see problem.ts): every 500 at `error` with its stack.
 */
import { randomUUID } from 'node:crypto';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { loggable, requestPlace } from './problem';

/** Where and how much to log; a test hands its own stream to read the lines back. */
export interface LogOptions {
  /** pino's levels: `trace` … `fatal`, or `silent` (default `info`). */
  readonly level?: string;
  /** Where the JSON lines go (default stdout). */
  readonly stream?: { write(line: string): void };
}

/**
 * Fastify's `logger` option from ours: on unless `false`, at `LOG_LEVEL` when set. Under
 * the test runner (`NODE_ENV=test`) it is silent unless asked for, so test output stays
 * readable; a test that reads the log passes a level and a stream.
 * @example loggerOptions(undefined, { LOG_LEVEL: 'warn' }) // { level: 'warn' }
 */
export function loggerOptions(
  option: boolean | LogOptions | undefined,
  env: NodeJS.ProcessEnv = process.env,
): false | LogOptions {
  if (option === false) return false;
  if (typeof option === 'object') return { ...option, level: option.level ?? 'info' };
  const fallback = option === undefined && env.NODE_ENV === 'test' ? 'silent' : 'info';
  return { level: env.LOG_LEVEL || fallback };
}

/**
 * The request id: a UUID, so lines from several processes on one database never share one.
 * The client's own `X-Request-Id` is not trusted: it could make two requests look like one.
 * @example Fastify({ genReqId: requestId })
 */
export function requestId(): string {
  return randomUUID();
}

/**
 * The one line of a request, at info; at error when the answer broke after its headers went
 * out.
 * @example reply.raw.once('finish', () => logRequest(request, reply));
 */
export function logRequest(request: FastifyRequest, reply: FastifyReply, error?: Error | null): void {
  // Above `info` (LOG_LEVEL=warn, say) a plain request's line would be built to be dropped.
  if (!error && !infoEnabled(reply.log)) return;
  const line = {
    ...requestPlace(request),
    statusCode: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
  if (error) reply.log.error({ ...line, err: loggable(error) }, 'request failed while answering');
  else reply.log.info(line, 'request');
}

/**
 * Fastify's per-request lines, replaced by one: Fastify logs two (incoming and completed)
 * and neither names the route.
 * @example Fastify({ logController: new RequestLog() })
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** Our not-found handler answers NOT_FOUND; the request's line says so. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    logRequest(request, reply, error);
  }
}

/** Whether a logger writes `info` lines (Fastify's no-op logger, with logging off, does not say). */
function infoEnabled(log: FastifyBaseLogger): boolean {
  const enabled = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return enabled ? enabled.call(log, 'info') : true;
}

/**
 * Fastify's per-request child logger, not made: every line this server writes about a
 * request names it itself (`requestPlace`), so each request reuses the server's logger.
 * @example Fastify({ childLoggerFactory: sameLogger })
 */
export function sameLogger<L>(logger: L): L {
  return logger;
}
