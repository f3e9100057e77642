/**
 * `GET /api/realtime`: the WebSocket of DESIGN.md. The handshake must come from this site
 * (Origin), the caller is the session of the cookie or bearer token (or of a first `auth`
 * message), and messages are small JSON commands: subscribe, unsubscribe, auth, ping.
 * A session is read again once its socket is registered: a sign-out between the first read
 * and the registration announced nothing the hub could have heard for this socket.
 */
import websocket from '@fastify/websocket';
import {
  type App,
  fillTemplate,
  REALTIME_MAX_PAYLOAD,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@ninefold/spec';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionDigest, sessionRow } from '../core/accounts/sessions';
import { AppError } from '../core/app-error';
import type { Core } from '../core/ninefold-core';
import type { RealtimeClient, RealtimeHub } from '../realtime/realtime-hub';
import { catalogueEntry, loggable, requestPlace, toAppError } from './problem';
import { routeUrl } from './serve-route';

/**
 * A failure as the socket is told it, from the catalogue. An unexpected throw, or a code the
 * catalogue lacks, is INTERNAL (saying nothing of what was thrown) and is logged with its
 * stack, as a request's 500 would be.
 */
function errorMessage(app: App, req: FastifyRequest, e: unknown, id?: string): RealtimeServerMessage {
  const err = toAppError(e, 0);
  const known = catalogueEntry(app, err.code);
  const entry = known ?? catalogueEntry(app, 'INTERNAL')!;
  const place = requestPlace(req);
  if (!known)
    req.log.error(
      { err: loggable(e), code: err.code, ...place },
      `realtime: the code ${err.code} is not in the error catalogue`,
    );
  else if (entry.code === 'INTERNAL')
    req.log.error({ err: loggable(e), ...place }, 'realtime: a socket message failed');
  return {
    type: 'error',
    ...(id ? { id } : {}),
    code: entry.code,
    detail: known ? fillTemplate(entry.message, err.params) : entry.message,
  };
}

/** Registers the realtime WebSocket route on the server. */
export async function realtimeRoute(server: FastifyInstance, core: Core, hub: RealtimeHub): Promise<void> {
  hub.attachLog((message, err) => server.log.error({ err }, `realtime: ${message}`));
  /**
   * Reads the client's session, now that it is registered: an event ending it from here on
   * closes the socket; one that ended it before is seen here, and the socket closes now.
   * Answers whether it lives on.
   */
  const confirm = async (client: RealtimeClient, token: string): Promise<boolean> => {
    const row = await sessionRow(core.db, core.app, token);
    const live =
      row !== null && row.caller.role === client.caller?.role && row.expiresAt > core.now().getTime();
    if (!live) {
      client.close(4001, 'session ended');
      return false;
    }
    client.expiresAt = row.expiresAt;
    return true;
  };
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
        // A token that names no live session leaves the socket anonymous, as it does a request.
        session: req.caller && req.callerToken ? sessionDigest(req.callerToken.token) : undefined,
        subs: new Map(),
        overflowed: false,
        buffered: () => socket.bufferedAmount,
        send: (m) => socket.send(JSON.stringify(m)),
        sendText: (text) => socket.send(text),
        close: (code, reason) => socket.close(code, reason),
        terminate: () => socket.terminate(),
      };
      hub.clients.add(client);
      socket.on('close', () => hub.clients.delete(client));
      const token = req.caller ? req.callerToken?.token : undefined;
      if (token)
        void confirm(client, token).catch((e) => {
          req.log.error(
            { err: loggable(e), ...requestPlace(req) },
            'realtime: reading the session of a new socket failed',
          );
          client.close(1011, 'server error');
        });
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
          send(
            errorMessage(core.app, req, new AppError('MALFORMED_REQUEST', { reason: 'send JSON messages.' })),
          );
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
            client.subs.clear();
            if (!(await confirm(client, msg.token))) return;
            send({ type: 'ready', caller: { id: caller.id, role: caller.role } });
          } else if (msg.type === 'ping') {
            send({ type: 'pong' });
          } else {
            throw new AppError('MALFORMED_REQUEST', { reason: 'unknown message.' });
          }
        } catch (e) {
          send(
            errorMessage(core.app, req, e, 'id' in msg && typeof msg.id === 'string' ? msg.id : undefined),
          );
        }
      });
    },
  );
}
