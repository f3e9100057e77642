/**
 * A realtime WebSocket as a CLI test sees it: signed in by a bearer token, it keeps every
 * message, subscribes, and tells when and how the server closed it.
 */
import WebSocket from 'ws';

export interface Message {
  readonly type: string;
  readonly [key: string]: unknown;
}

const WAIT_MS = 10_000;

/**
 * @example
 * const s = await LiveSocket.open(url, token);
 * await s.subscribe('all', 'tickets');
 * await s.next((m) => m.type === 'event' && m.id === id);
 */
export class LiveSocket {
  readonly messages: Message[] = [];
  /** Settles when the server closes the socket: its close code, and when (ms since the epoch). */
  readonly closed: Promise<{ code: number; at: number }>;
  #waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as Message;
      this.messages.push(message);
      this.#waiters = this.#waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code, at: Date.now() })));
    ws.on('error', () => {});
  }

  static async open(url: string, token: string): Promise<LiveSocket> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/realtime`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const socket = new LiveSocket(ws);
    await socket.next((m) => m.type === 'ready');
    return socket;
  }

  /** The first message, heard already or to come, that matches. */
  next(match: (m: Message) => boolean): Promise<Message> {
    const found = this.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message from the server in time')), WAIT_MS);
      this.#waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  async subscribe(id: string, entity: string): Promise<void> {
    this.ws.send(JSON.stringify({ type: 'subscribe', id, entity, query: {} }));
    const answer = await this.next((m) => (m.type === 'subscribed' || m.type === 'error') && m.id === id);
    if (answer.type === 'error') throw new Error(`subscribe ${id} refused: ${String(answer.code)}`);
  }

  close(): void {
    this.ws.close();
  }
}
