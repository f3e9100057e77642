/**
 * `GET /api/realtime` in the OpenAPI document: the WebSocket handshake as an operation, its
 * protocol (the messages each side sends, the close codes) in the `x-realtime` extension.
 */
import { REALTIME_CLOSE, REALTIME_MAX_PAYLOAD } from '../contract/realtime-messages';
import type { JsonSchema } from './json-schema';
import { schemaRef } from './openapi-names';
import { type OpenApiContext, operation } from './openapi-operation';

/**
 * The realtime operation.
 * @example realtimeOperation(ctx)['x-realtime'] // { clientMessage: {…}, serverMessage: {…}, closeCodes: {…} }
 */
export function realtimeOperation(ctx: OpenApiContext): JsonSchema {
  return {
    ...operation(ctx, 'realtime', {
      operationId: 'realtime',
      description: [
        'A WebSocket (`Upgrade: websocket`). The caller is the session of the cookie or bearer token,',
        'or of a first `auth` message; a handshake must come from this site (`Origin`).',
        'Messages are JSON text frames: the client sends `RealtimeClientMessage`s, the server',
        '`RealtimeServerMessage`s. Events carry only what the subscriber may read; after `resync`,',
        `reload. The server closes with ${REALTIME_CLOSE.sessionEnded} when the session ends.`,
      ].join(' '),
      tags: ['realtime'],
      anonymous: true,
      responses: { '101': { description: 'Switching to the WebSocket protocol.' } },
    }),
    'x-realtime': {
      clientMessage: schemaRef('RealtimeClientMessage'),
      serverMessage: schemaRef('RealtimeServerMessage'),
      closeCodes: {
        [String(REALTIME_CLOSE.normal)]: 'Closed by the client, or by the server as the client asked.',
        [String(REALTIME_CLOSE.goingAway)]: 'The server is shutting down; reconnect.',
        [String(REALTIME_CLOSE.sessionEnded)]:
          'The session ended; ask who the caller is before reconnecting.',
      },
      maxPayload: REALTIME_MAX_PAYLOAD,
    },
  };
}
