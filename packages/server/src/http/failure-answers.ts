/**
 * The server's answers to failure, wired in one place: the error handler, unknown routes,
 * requests that arrive while the server shuts down, and a backstop for any refusal a plugin
 * writes itself (the WebSocket plugin answers a plain GET on its route with an empty 404).
 * Whatever goes wrong, the client reads a catalogue code in problem+json.
 */
import type { App } from '@ninefold/spec';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { AppError } from '../core/app-error';
import { errorHandler, problemOf, requestPlace, toAppError } from './problem';
import { logRequest } from './request-log';

const PROBLEM_JSON = /^application\/problem\+json/;

/** Rewrites a refusal that did not come through the error handler into a catalogue problem. */
function backstop(app: App, bodyLimit: number): onSendHookHandler {
  return (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status < 400 || PROBLEM_JSON.test(String(reply.getHeader('content-type') ?? ''))) {
      return done(null, payload);
    }
    const problem = problemOf(app, toAppError({ statusCode: status }, bodyLimit));
    request.log.warn(
      { statusCode: status, code: problem.code, ...requestPlace(request) },
      `an answer of ${status} was not from the catalogue; sent ${problem.code}`,
    );
    reply.removeHeader('content-length');
    if (problem.status >= 500) reply.header('x-request-id', request.id);
    reply.code(problem.status).type('application/problem+json');
    done(null, JSON.stringify(problem));
  };
}

/**
 * Fastify's `frameworkErrors`: a request the router refuses (broken percent-encoding, a
 * segment over the length) is answered like any failure. Fastify runs no response hooks for
 * it, so its line is written here.
 * @example Fastify({ frameworkErrors: frameworkErrors(app, app.limits.bodyBytes) })
 */
export function frameworkErrors(app: App, bodyLimit: number) {
  const onError = errorHandler(app, bodyLimit);
  return (error: Error, request: FastifyRequest, reply: FastifyReply) => {
    reply.raw.once('finish', () => logRequest(request, reply));
    return onError(error, request, reply);
  };
}

/**
 * Registers the failure answers on a new server, before any other hook.
 * @example
 * const server = Fastify({ frameworkErrors: frameworkErrors(app, app.limits.bodyBytes) });
 * answerFailures(server, app, app.limits.bodyBytes);
 */
export function answerFailures(server: FastifyInstance, app: App, bodyLimit: number): void {
  server.setErrorHandler(errorHandler(app, bodyLimit));
  server.setNotFoundHandler((_req, _reply) => {
    throw new AppError('NOT_FOUND');
  });
  // Fastify's own 503 while closing is a fixed body; this one is the catalogue's. Requests
  // still arriving on a kept-alive connection during the drain are told to come back.
  let closing = false;
  server.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  server.addHook('onRequest', (_req, _reply, done) => {
    if (!closing) return done();
    done(new AppError('UNAVAILABLE', {}, [], { connection: 'close', 'retry-after': '1' }));
  });
  server.addHook('onSend', backstop(app, bodyLimit));
}
