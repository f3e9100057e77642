/**
 * Every failure as `application/problem+json` with a catalogue code. Framework errors
 * (bad JSON, wrong content type, a body over the limit, a path segment over the length, an
 * unknown route) map to their codes; anything unexpected is INTERNAL, logged on the server
 * with its stack and never described to the client.
 */
import { type App, type ErrorNode, type FieldError, fillTemplate, type Problem } from '@ninefold/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../core/app-error';

export type { Problem };

/**
 * The catalogue's entry for a code, looked up among its own keys only: a code such as
 * `constructor` names no entry, whatever the catalogue object inherits.
 * @example catalogueEntry(app, 'NOT_FOUND')?.status // 404
 */
export function catalogueEntry(app: App, code: string): ErrorNode | undefined {
  return Object.hasOwn(app.errors, code) ? app.errors[code] : undefined;
}

/**
 * The problem body for an AppError, from the app's catalogue; a code missing from it
 * answers INTERNAL.
 * @example problemOf(app, new AppError('NOT_FOUND')).status // 404
 */
export function problemOf(app: App, error: AppError): Problem {
  const known = catalogueEntry(app, error.code);
  // A code the catalogue lacks answers INTERNAL, and says nothing else of what was thrown:
  // its params and issues were the handler's, not an answer meant for the caller.
  if (!known) return problemOf(app, new AppError('INTERNAL'));
  const entry = known;
  const message = fillTemplate(entry.message, error.params);
  const errors = error.issues.map(
    (i): FieldError => ({ path: i.path, code: i.code, message: i.message || message }),
  );
  return {
    type: `urn:ninefold:problem:${entry.code}`,
    title: message,
    status: entry.status,
    code: entry.code,
    detail: message,
    ...(Object.keys(error.params).length > 0 ? { params: { ...error.params } } : {}),
    ...(errors.length > 0 ? { errors } : {}),
  };
}

type FastifyLikeError = Error & { code?: string; statusCode?: number; validation?: unknown };

/** What a refusal by status means when the framework or a plugin gives no code we know. */
function byStatus(status: number, bodyLimit: number): AppError | undefined {
  // A path segment over the router's length (414) names no entity, record, action or
  // transition: nothing is there.
  if (status === 404 || status === 414) return new AppError('NOT_FOUND');
  if (status === 403) return new AppError('FORBIDDEN');
  if (status === 408) return new AppError('REQUEST_TIMEOUT');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', { max: bodyLimit });
  if (status === 431) return new AppError('HEADERS_TOO_LARGE');
  if (status === 503) return new AppError('UNAVAILABLE');
  if (status >= 400 && status < 500) {
    return new AppError('MALFORMED_REQUEST', { reason: 'the request is not well-formed.' });
  }
  return undefined;
}

/**
 * Any thrown value as an AppError.
 * @example toAppError(new SyntaxError('Unexpected token'), 1024).code // 'MALFORMED_REQUEST'
 */
export function toAppError(error: unknown, bodyLimit: number): AppError {
  if (isAppError(error)) return error;
  const e = error as FastifyLikeError;
  switch (e?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', { max: bodyLimit });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('MALFORMED_REQUEST', { reason: 'send JSON with Content-Type: application/json.' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_REQUEST', { reason: 'the JSON body is empty.' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('MALFORMED_REQUEST', { reason: 'the Content-Length does not match the body.' });
  }
  // Only the body parser's SyntaxError is the client's (Fastify marks it 400): one thrown by a
  // JSON.parse of stored data is the server's failure, INTERNAL.
  if ((e instanceof SyntaxError && e.statusCode === 400) || e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('MALFORMED_REQUEST', { reason: 'the body is not valid JSON.' });
  }
  // Only the framework's and its plugins' errors carry a status: a TypeError has none.
  const mapped = typeof e?.statusCode === 'number' ? byStatus(e.statusCode, bodyLimit) : undefined;
  return mapped ?? new AppError('INTERNAL');
}

/**
 * Sends a problem answer. A server-side failure (5xx) carries the request id, so a report of
 * it can be found in the log; a refusal carries none, so two equal refusals (a wrong password,
 * an unknown email) stay equal byte for byte.
 * @example return sendProblem(app, reply, new AppError('FORBIDDEN'));
 */
export function sendProblem(app: App, reply: FastifyReply, error: AppError): FastifyReply {
  const problem = problemOf(app, error);
  for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  if (problem.status >= 500) reply.header('x-request-id', reply.request.id);
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

/**
 * Which request, and where it went, for the log: its id, its route's pattern, and its path
 * without the query. The id is carried here rather than by a child logger per request, which
 * cost every request a logger (and a JSON string of its bindings) whether anything was logged.
 */
export function requestPlace(request: FastifyRequest): {
  reqId: string;
  method: string;
  route?: string;
  path: string;
} {
  const route = request.routeOptions?.url;
  return {
    reqId: request.id,
    method: request.method,
    ...(route ? { route } : {}),
    // The query may carry what people typed (filters, search): the path is enough to find it.
    path: request.url.split('?')[0] ?? '',
  };
}

/**
 * What the log keeps of a thrown error: its kind, message, code and stack. A driver's error
 * also carries the row it refused (PostgreSQL's `detail`: "Failing row contains (…)", which
 * may hold an email or a password hash), its `where` and parameters: never logged.
 * @example request.log.error({ err: loggable(e) }, 'unexpected error')
 */
export function loggable(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { name, message, stack } = error;
  const code = (error as { code?: unknown }).code;
  // Without a prototype: pino's error serializer names an error by its constructor (a plain
  // object's would be "Object") and falls back to `name` only when there is none.
  return Object.assign(Object.create(null), {
    name,
    message,
    stack,
    ...(code !== undefined ? { code } : {}),
  });
}

/**
 * Fastify's error handler: map, log every answer of 500 with its stack, answer problem+json.
 * @example server.setErrorHandler(errorHandler(app, app.limits.bodyBytes));
 */
export function errorHandler(app: App, bodyLimit: number) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, bodyLimit);
    if (!catalogueEntry(app, appError.code)) {
      // The app threw a code it never declared: the answer is INTERNAL, and the log says why.
      request.log.error(
        { err: loggable(error), code: appError.code, ...requestPlace(request) },
        `error code ${appError.code} is not in the catalogue`,
      );
    } else if (appError.code === 'INTERNAL') {
      request.log.error({ err: loggable(error), ...requestPlace(request) }, 'unexpected error');
    }
    return sendProblem(app, reply, appError);
  };
}
