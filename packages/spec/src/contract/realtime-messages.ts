/**
 * The realtime protocol of `GET /api/realtime` (a WebSocket): the messages each side sends,
 * as JSON text frames, and the codes the server closes a socket with.
 */
import type { NotificationItem } from './automation-wire';

/**
 * What a client sends. `subscribe` names an entity and optionally a list query (the list
 * route's filters, as strings) or one record; `auth` signs a socket opened without
 * credentials in; `ping` is answered `pong`.
 * @example socket.send(JSON.stringify({ type: 'subscribe', id: 's1', entity: 'tickets', query: { status: 'open' } } satisfies RealtimeClientMessage));
 */
export type RealtimeClientMessage =
  | {
      readonly type: 'subscribe';
      readonly id: string;
      readonly entity: string;
      readonly query?: Readonly<Record<string, string>>;
      readonly recordId?: string;
    }
  | { readonly type: 'unsubscribe'; readonly id: string }
  | { readonly type: 'auth'; readonly token: string }
  | { readonly type: 'ping' };

/** A change to a record a subscription holds: it came into view, changed, or left it. */
export type RealtimeChange =
  | {
      readonly type: 'event';
      /** The subscription's id. */
      readonly sub: string;
      readonly event: 'created' | 'updated' | 'transitioned';
      readonly entity: string;
      readonly id: string;
      /** The record, only the fields the subscriber may read. */
      readonly record: Readonly<Record<string, unknown>>;
      /** The transition's or action's name. */
      readonly name?: string;
    }
  | {
      readonly type: 'event';
      readonly sub: string;
      /** `deleted`: the record is gone; `removed`: it left the subscriber's view. */
      readonly event: 'deleted' | 'removed';
      readonly entity: string;
      readonly id: string;
    };

/**
 * What the server sends: `ready` once the socket knows its caller (again after `auth`),
 * `subscribed`, the changes, `resync` when events were missed (reload), `pong`, and
 * `error` with a catalogue code (and the subscription's id when one was named).
 * @example if (msg.type === 'event' && msg.event === 'deleted') cache.drop(msg.id);
 */
export type RealtimeServerMessage =
  | {
      readonly type: 'ready';
      readonly caller: { readonly id: string; readonly role: string } | null;
    }
  | { readonly type: 'subscribed'; readonly id: string }
  | RealtimeChange
  | { readonly type: 'resync'; readonly reason?: string }
  /** A new in-app notification of the socket's caller, on every socket they have open. */
  | { readonly type: 'notification'; readonly notification: NotificationItem }
  | { readonly type: 'pong' }
  | { readonly type: 'error'; readonly id?: string; readonly code: string; readonly detail: string };

/**
 * The codes the server closes a socket with: `going away` when it shuts down, `sessionEnded`
 * when the socket's session is over (signed out anywhere, role changed, disabled, expired) —
 * the client asks who the caller is now before it reopens.
 * @example if (event.code === REALTIME_CLOSE.sessionEnded) await client.auth.me();
 */
export const REALTIME_CLOSE = { normal: 1000, goingAway: 1001, sessionEnded: 4001 } as const;

/** The largest message a client may send, in bytes. */
export const REALTIME_MAX_PAYLOAD = 64 * 1024;
