/**
 * `GET /api/realtime`: the WebSocket of DESIGN.md. The handshake must come from this site
 * (Origin), the caller is the session of the cookie or bearer token (or of a first `auth`
 * message), and messages are small JSON commands: subscribe, unsubscribe, auth, ping.
 */
import websocket from '@fastify/websocket';
import {
  type App,
  fillTemplate,
  REALTIME_MAX_PAYLOAD,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@ninefold/spec';
import type { FastifyInstance } from 'fastify';
import { sessionDigest, sessionRow } from '../core/accounts/sessions';
import { AppError } from '../core/app-error';
import type { Core } from '../core/ninefold-core';
import type { RealtimeClient, RealtimeHub } from '../realtime/realtime-hub';
import { toAppError } from './problem';
import { routeUrl } from './serve-route';

function errorMessage(app: App, e: unknown, id?: string): RealtimeServerMessage {
  const err = toAppError(e, 0);
  const entry = app.errors[err.code] ?? app.errors.INTERNAL!;
  return {
    type: 'error',
    ...(id ? { id } : {}),
    code: entry.code,
    detail: fillTemplate(entry.message, err.params),
  };
}

/** Registers the realtime WebSocket route on the server. */
export async function realtimeRoute(server: FastifyInstance, core: Core, hub: RealtimeHub): Promise<void> {
  const expiryOf = async (token: string) => (await sessionRow(core.db, sessionDigest(token)))?.expiresAt ?? 0;
  await server.register(websocket, { options: { maxPayload: REALTIME_MAX_PAYLOAD } });
  server.get(
    routeUrl('realtime'),
    {
      websocket: true,
      preValidation: async (req) => {
        const origin = req.headers.origin;
        if (origin === undefined) return;
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {}
        if (host !== req.headers.host) throw new AppError('FORBIDDEN');
      },
    },
    (socket, req) => {
      const send = (m: RealtimeServerMessage) => socket.send(JSON.stringify(m));
      const client: RealtimeClient = {
        caller: req.caller,
        session: req.callerToken ? sessionDigest(req.callerToken.token) : undefined,
        subs: new Map(),
        overflowed: false,
        buffered: () => socket.bufferedAmount,
        send: (m) => socket.send(JSON.stringify(m)),
        sendText: (text) => socket.send(text),
        close: (code, reason) => socket.close(code, reason),
      };
      // The session was live at the handshake; its expiry arrives a moment later.
      if (req.callerToken) void expiryOf(req.callerToken.token).then((at) => (client.expiresAt = at));
      hub.clients.add(client);
      socket.on('close', () => hub.clients.delete(client));
      send({
        type: 'ready',
        caller: client.caller ? { id: client.caller.id, role: client.caller.role } : null,
      });
      socket.on('message', async (raw) => {
        // Parsed, then each field checked below: the type says what a well-formed message is.
        let msg: RealtimeClientMessage;
        try {
          msg = JSON.parse(String(raw)) as RealtimeClientMessage;
          if (typeof msg !== 'object' || msg === null) throw new Error('not an object');
        } catch {
          send(errorMessage(core.app, new AppError('MALFORMED_REQUEST', { reason: 'send JSON messages.' })));
          return;
        }
        try {
          if (msg.type === 'subscribe' && typeof msg.id === 'string' && typeof msg.entity === 'string') {
            hub.subscribe(
              client,
              msg.id,
              msg.entity,
              msg.query ?? {},
              typeof msg.recordId === 'string' ? msg.recordId : undefined,
            );
            send({ type: 'subscribed', id: msg.id });
          } else if (msg.type === 'unsubscribe' && typeof msg.id === 'string') {
            client.subs.delete(msg.id);
          } else if (msg.type === 'auth' && typeof msg.token === 'string' && !client.caller) {
            const caller = await core.caller(msg.token);
            if (!caller) throw new AppError('UNAUTHENTICATED');
            client.caller = caller;
            client.session = sessionDigest(msg.token);
            client.expiresAt = await expiryOf(msg.token);
            client.subs.clear();
            send({ type: 'ready', caller: { id: caller.id, role: caller.role } });
          } else if (msg.type === 'ping') {
            send({ type: 'pong' });
          } else {
            throw new AppError('MALFORMED_REQUEST', { reason: 'unknown message.' });
          }
        } catch (e) {
          send(errorMessage(core.app, e, 'id' in msg && typeof msg.id === 'string' ? msg.id : undefined));
        }
      });
    },
  );
}
