/**
 * The client side of `/api/realtime`: one socket shared by every subscription, opened on
 * the first subscribe, resubscribed after a reconnect (with backoff), and a `resync` event
 * to every subscriber whenever events may have been missed (a reconnect, or the server
 * dropping events for a slow connection) so they reload. A socket the server ends for its
 * session (close code 4001: signed out elsewhere, role changed, disabled, expired) is not
 * simply reopened: the owner is told first, to learn who the caller is now. The caller's own
 * in-app notifications come on the same socket, to whoever listens for them.
 */

import type {
  NotificationItem,
  REALTIME_CLOSE,
  RealtimeChange,
  RealtimeClientMessage,
  RealtimeServerMessage,
} from '@ninefold/spec';

/** What a subscriber hears: a change to a record it holds, or `resync` (reload: events were missed). */
export type RealtimeEvent = RealtimeChange | { readonly type: 'resync' };

/**
 * What a notification listener hears: a new notification of the caller, or `resync` (some may
 * have been missed while the socket was down: reload them).
 * @example const stop = client.notifications.onNotification((e) => e.type === 'resync' && reload());
 */
export type NotificationEvent =
  | { readonly type: 'notification'; readonly notification: NotificationItem }
  | { readonly type: 'resync' };

/** The close code the server ends a socket with when its session is over (the contract's, typed to it). */
export const SESSION_ENDED: (typeof REALTIME_CLOSE)['sessionEnded'] = 4001;

export interface SubscriptionSpec {
  readonly entity: string;
  readonly query?: Record<string, string>;
  readonly recordId?: string;
}

type WebSocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror?: ((ev: unknown) => void) | null;
};
/** Opens a socket carrying the caller's credentials (the cookie in a browser, a bearer header in Node). */
export type WebSocketFactory = (url: string, token: string | null) => WebSocketLike;

export class RealtimeConnection {
  #socket: WebSocketLike | null = null;
  #subs = new Map<string, { spec: SubscriptionSpec; listener: (e: RealtimeEvent) => void }>();
  #hearers = new Set<(e: NotificationEvent) => void>();
  #next = 0;
  #retry = 0;
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly open: WebSocketFactory,
    private readonly token: () => string | null,
    /** Called when the server ends the socket's session; reconnects once it settles. */
    private readonly sessionEnded: () => Promise<void> = async () => {},
  ) {}

  /**
   * Subscribes; returns the function that unsubscribes.
   * @example const stop = rt.subscribe({ entity: 'tickets' }, (e) => console.log(e));
   */
  subscribe(spec: SubscriptionSpec, listener: (e: RealtimeEvent) => void): () => void {
    const id = `s${++this.#next}`;
    this.#subs.set(id, { spec, listener });
    this.#closed = false;
    if (!this.#socket) this.#connect();
    else if (this.#socket.readyState === 1) this.#send({ type: 'subscribe', id, ...this.#wire(spec) });
    return () => {
      this.#subs.delete(id);
      if (this.#socket?.readyState === 1) this.#send({ type: 'unsubscribe', id });
      if (!this.#wanted()) this.close();
    };
  }

  /**
   * Listens for the caller's new notifications (opening the socket if need be); returns the
   * function that stops.
   * @example const stop = rt.onNotification((e) => e.type === 'notification' && show(e.notification));
   */
  onNotification(listener: (e: NotificationEvent) => void): () => void {
    // A function listening twice is two listeners: each stop removes its own.
    const own = (e: NotificationEvent) => listener(e);
    this.#hearers.add(own);
    this.#closed = false;
    if (!this.#socket) this.#connect();
    return () => {
      this.#hearers.delete(own);
      if (!this.#wanted()) this.close();
    };
  }

  // The socket stays open while anyone listens: a subscription or a notification listener.
  #wanted(): boolean {
    return this.#subs.size > 0 || this.#hearers.size > 0;
  }

  /**
   * Reopens the socket, which speaks as whoever opened it, after the caller changed (sign-in,
   * sign-out): every subscription is made again as the new caller.
   */
  reconnect(): void {
    const old = this.#socket;
    this.#socket = null;
    old?.close(1000);
    if (!this.#closed && this.#wanted()) this.#connect();
  }

  /** Closes the socket; a later subscribe opens a new one. */
  close(): void {
    this.#closed = true;
    this.#socket?.close(1000);
    this.#socket = null;
  }

  #wire(spec: SubscriptionSpec) {
    return {
      entity: spec.entity,
      query: spec.query ?? {},
      ...(spec.recordId ? { recordId: spec.recordId } : {}),
    };
  }

  // Only an open socket can send; one still connecting resubscribes everything on `ready`.
  #send(message: RealtimeClientMessage): void {
    if (this.#socket?.readyState === 1) this.#socket.send(JSON.stringify(message));
  }

  #connect(): void {
    const socket = this.open(this.url, this.token());
    this.#socket = socket;
    // A failure is always followed by `close`, which is where it is handled. Without a listener,
    // Node's `ws` throws it instead: a socket closed while still connecting (a page that
    // unsubscribes at once) or one that cannot connect crashed the process.
    socket.onerror = () => {};
    socket.onmessage = (ev) => {
      // A socket replaced by a newer one (closed, then resubscribed) speaks for nobody.
      if (this.#socket !== socket) return;
      const msg = JSON.parse(String(ev.data)) as RealtimeServerMessage;
      if (msg.type === 'ready') {
        this.#retry = 0;
        for (const [id, { spec }] of this.#subs) this.#send({ type: 'subscribe', id, ...this.#wire(spec) });
      } else if (msg.type === 'event') {
        this.#subs.get(msg.sub)?.listener(msg);
      } else if (msg.type === 'notification') {
        for (const hear of [...this.#hearers]) hear(msg);
      } else if (msg.type === 'resync') {
        this.#resync();
      }
    };
    socket.onclose = (ev) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      const reconnect = () => {
        if (!this.#closed && !this.#socket && this.#wanted()) this.#connect();
      };
      if (ev.code === SESSION_ENDED) {
        // Reopened only once the owner knows who the caller is now (a dead token would be refused).
        void this.sessionEnded()
          .catch(() => {})
          .then(() => {
            this.#resync();
            reconnect();
          });
        return;
      }
      if (this.#closed || !this.#wanted()) return;
      // Whatever happened while disconnected is unknown: every subscriber reloads.
      this.#resync();
      setTimeout(reconnect, Math.min(30_000, 250 * 2 ** this.#retry++));
    };
  }

  #resync(): void {
    if (this.#closed) return;
    for (const { listener } of this.#subs.values()) listener({ type: 'resync' });
    for (const hear of [...this.#hearers]) hear({ type: 'resync' });
  }
}
