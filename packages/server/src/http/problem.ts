/**
 * Every failure as `application/problem+json` with a catalogue code. Framework errors
 * (bad JSON, wrong content type, a body over the limit, an unknown route) map to their
 * codes; anything unexpected is INTERNAL, logged on the server and never described to the client.
 */
import { type App, fillTemplate } from '@ninefold/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../core/app-error';

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  params?: Record<string, string | number>;
  errors?: { path: string; code: string; message: string }[];
}

/** The problem body for an AppError, from the app's catalogue. */
export function problemOf(app: App, error: AppError): Problem {
  const entry = app.errors[error.code] ?? app.errors.INTERNAL!;
  const message = fillTemplate(entry.message, error.params);
  const problem: Problem = {
    type: `urn:ninefold:problem:${entry.code}`,
    title: message,
    status: entry.status,
    code: entry.code,
    detail: message,
  };
  if (Object.keys(error.params).length > 0) problem.params = { ...error.params };
  if (error.issues.length > 0) {
    problem.errors = error.issues.map((i) => ({ path: i.path, code: i.code, message: i.message || message }));
  }
  return problem;
}

type FastifyLikeError = Error & { code?: string; statusCode?: number; validation?: unknown };

/** Any thrown value as an AppError. */
export function toAppError(error: unknown, bodyLimit: number): AppError {
  if (isAppError(error)) return error;
  const e = error as FastifyLikeError;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', { max: bodyLimit });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('MALFORMED_REQUEST', { reason: 'send JSON with Content-Type: application/json.' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_REQUEST', { reason: 'the JSON body is empty.' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('MALFORMED_REQUEST', { reason: 'the Content-Length does not match the body.' });
  }
  if (e instanceof SyntaxError || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('MALFORMED_REQUEST', { reason: 'the body is not valid JSON.' });
  }
  if (e.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', { max: bodyLimit });
  if (e.statusCode === 415 || (e.statusCode === 400 && e.code?.startsWith('FST_'))) {
    return new AppError('MALFORMED_REQUEST', { reason: 'the request is not well-formed.' });
  }
  return new AppError('INTERNAL');
}

/** Sends a problem answer. */
export function sendProblem(app: App, reply: FastifyReply, error: AppError): FastifyReply {
  const problem = problemOf(app, error);
  for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

/** Fastify's error handler: map, log the unexpected, answer problem+json. */
export function errorHandler(app: App, bodyLimit: number) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, bodyLimit);
    if (appError.code === 'INTERNAL') request.log.error({ err: error }, 'unexpected error');
    return sendProblem(app, reply, appError);
  };
}
