/**
 * Requests Node's HTTP parser refuses before Fastify sees them: headers over the size limit
 * (16 KB), broken framing (a bad Content-Length, a bad chunk size, a space in a header
 * name), a request that takes too long to arrive. Fastify's default answers with a bare JSON
 * body; here the answer is the catalogue's problem, written raw on the socket, which is then
 * closed (the parser cannot find where the next request would start).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { App } from '@ninefold/spec';
import type { ConnectionError, FastifyBaseLogger } from 'fastify';
import { AppError } from '../core/app-error';
import { problemOf } from './problem';
import { requestId } from './request-log';

/** How long a refused connection may go on sending before it is cut. */
const DRAIN_MS = 5_000;

/** The catalogue's word for what the parser refused. */
function clientProblem(error: ConnectionError): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new AppError('HEADERS_TOO_LARGE');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('REQUEST_TIMEOUT');
  return new AppError('MALFORMED_REQUEST', { reason: 'the request is not valid HTTP.' });
}

/**
 * The raw HTTP response for a refused request: status line, headers and problem+json.
 * @example clientErrorResponse(app, new AppError('HEADERS_TOO_LARGE'), 'id-1') // 'HTTP/1.1 431 …'
 */
export function clientErrorResponse(app: App, error: AppError, id: string): string {
  const problem = problemOf(app, error);
  const body = JSON.stringify(problem);
  return [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? problem.code}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${id}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: answers from the catalogue and logs one line, as for any
 * request. `log` is read when a refusal happens, after the server exists.
 * @example Fastify({ clientErrorHandler: answerClientError(app, () => server.log) })
 */
export function answerClientError(app: App, log: () => FastifyBaseLogger) {
  return (error: ConnectionError, socket: Socket): void => {
    // A reset or a closed socket has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const id = requestId();
    const problem = clientProblem(error);
    log().info(
      { reqId: id, clientError: error.code, code: problem.code },
      'request refused by the HTTP parser',
    );
    // As Node's own handler: never write into an answer already under way on this socket
    // (a pipelined request broke after an earlier one's headers went out).
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) return void socket.destroy();
    socket.end(clientErrorResponse(app, problem, id));
    // The client may still be sending (the rest of its oversized headers). Closing on unread
    // bytes resets the connection, and a reset can discard the answer before the client reads
    // it: read and drop the rest, for a bounded time.
    socket.on('data', () => {});
    socket.resume();
    socket.setTimeout(DRAIN_MS, () => socket.destroy());
  };
}
