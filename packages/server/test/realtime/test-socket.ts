/**
 * A realtime WebSocket as a test sees it: connects as a user, keeps every message it hears,
 * subscribes and waits for the server's answer, and offers a barrier — once the pong to its
 * ping arrives, every message the server sent before that pong has arrived too.
 */
import type { Socket } from 'node:net';
import WebSocket from 'ws';

/** A change the server announced on one subscription. */
export interface EventMessage {
  readonly type: 'event';
  readonly sub: string;
  readonly event: 'created' | 'updated' | 'transitioned' | 'deleted' | 'removed';
  readonly entity: string;
  readonly id: string;
  readonly record?: Record<string, unknown>;
  readonly name?: string;
}

/** Any message the server sends. */
export type ServerMessage =
  | EventMessage
  | { readonly type: 'ready'; readonly caller: { id: string; role: string } | null }
  | { readonly type: 'subscribed'; readonly id: string }
  | { readonly type: 'error'; readonly id?: string; readonly code: string; readonly detail: string }
  | { readonly type: 'pong' }
  | { readonly type: 'resync'; readonly reason: string };

/** How the server closed the socket. */
export interface CloseInfo {
  readonly code: number;
  readonly reason: string;
}

const WAIT_MS = 10_000;

/**
 * @example
 * const s = await TestSocket.open(port, alice.headers);
 * await s.subscribe('mine', 'tickets', { status: 'open' });
 * await write(); await settle(); await s.barrier();
 * expect(s.take().map((e) => e.event)).toEqual(['updated']);
 */
export class TestSocket {
  /** Every message heard, in order. */
  readonly messages: ServerMessage[] = [];
  /** Settles when the socket closes, with the close code and reason. */
  readonly closed: Promise<CloseInfo>;
  #taken = 0;
  #waiters: { from: number; match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] =
    [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as ServerMessage;
      this.messages.push(message);
      const index = this.messages.length - 1;
      this.#waiters = this.#waiters.filter((w) => {
        if (index < w.from || !w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
    ws.on('error', () => {});
  }

  /**
   * Connects to `/api/realtime` with the given headers and waits for `ready`.
   * @example const s = await TestSocket.open(port, alice.headers);
   */
  static async open(port: number, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers });
    const socket = new TestSocket(ws);
    await socket.next((m) => m.type === 'ready', 0);
    return socket;
  }

  /** Whether the socket is still open. */
  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** The caller of the last `ready` message. */
  get caller(): { id: string; role: string } | null {
    const ready = this.messages.findLast((m) => m.type === 'ready');
    return ready?.type === 'ready' ? ready.caller : null;
  }

  /** Resolves with the first message from index `from` on that matches, or fails after a while. */
  next(match: (m: ServerMessage) => boolean, from = this.messages.length): Promise<ServerMessage> {
    const found = this.messages.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message from the server in time')), WAIT_MS);
      this.#waiters.push({
        from,
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** Subscribes and waits for `subscribed`; throws with the server's code when it refuses. */
  async subscribe(id: string, entity: string, query: Record<string, string> = {}, recordId?: string) {
    const from = this.messages.length;
    this.ws.send(JSON.stringify({ type: 'subscribe', id, entity, query, ...(recordId ? { recordId } : {}) }));
    const answer = await this.next(
      (m) => (m.type === 'subscribed' || m.type === 'error') && 'id' in m && m.id === id,
      from,
    );
    if (answer.type === 'error') throw new Error(`subscribe ${id} refused: ${answer.code}`);
  }

  /**
   * Stops reading from the connection, as a client too slow to keep up would: what the server
   * sends fills the TCP buffers, then piles up in the server's own send buffer.
   */
  pauseReading(): void {
    this.#tcp().pause();
  }

  /** Reads from the connection again. */
  resumeReading(): void {
    this.#tcp().resume();
  }

  #tcp(): Socket {
    return (this.ws as unknown as { _socket: Socket })._socket;
  }

  /** Sends a raw client message. */
  send(message: object): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Waits until everything the server sent so far has arrived (ping, then its pong). */
  async barrier(): Promise<void> {
    const from = this.messages.length;
    this.ws.send(JSON.stringify({ type: 'ping' }));
    await this.next((m) => m.type === 'pong', from);
  }

  /** The event messages heard since the last call; a `resync` among them is a test failure. */
  take(): EventMessage[] {
    const fresh = this.messages.slice(this.#taken);
    this.#taken = this.messages.length;
    const resync = fresh.find((m) => m.type === 'resync');
    if (resync) throw new Error(`the server asked for a resync: ${JSON.stringify(resync)}`);
    return fresh.filter((m): m is EventMessage => m.type === 'event');
  }

  /** How the server closed the socket; fails if it is still open after `ms`. */
  closedWithin(ms = 5_000): Promise<CloseInfo> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the socket is still open after ${ms} ms`)), ms);
    });
    return Promise.race([this.closed, late]).finally(() => clearTimeout(timer));
  }

  /** Closes the socket and waits until it is closed. */
  async close(): Promise<void> {
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close(1000);
    await this.closed;
  }
}
