/**
 * Realtime sockets for tests in Node: the `ws` package carrying the client's bearer token
 * (or a browser's cookie), and what the server told them, so a test waits until a
 * subscription is confirmed instead of sleeping.
 */
import { createRequire } from 'node:module';
import type { WebSocketFactory } from '@ninefold/client';
import type WebSocketType from 'ws';

// Node's own resolution: under a jsdom environment a bundler would pick ws's browser stub.
const WebSocket = createRequire(import.meta.url)('ws') as typeof WebSocketType;

/**
 * A subscribe message a socket sent.
 * @example sockets.sent.filter((s) => s.entity === 'tickets').length
 */
export interface SentSubscription {
  readonly id: string;
  readonly entity: string;
  readonly query: Readonly<Record<string, string>>;
  readonly recordId?: string;
}

/**
 * A socket factory and what its sockets were told.
 * @example await vi.waitFor(() => expect(client.sockets.subscribed()).toBe(1));
 */
export interface TestSockets {
  /** Opens a socket as a client would; `headers` adds any more (a browser's cookie). */
  readonly factory: (...args: [...Parameters<WebSocketFactory>, headers?: Record<string, string>]) => never;
  /** Subscriptions the server has confirmed, over every socket opened so far (again after a reconnect). */
  subscribed(): number;
  /** The ids of the subscriptions the server has confirmed. */
  readonly confirmed: ReadonlySet<string>;
  /** Sockets the server has greeted (`ready`): one per connection. */
  ready(): number;
  /** The close codes of the sockets that closed, in order (4001: the session ended). */
  readonly closes: readonly number[];
  /** Every subscribe message sent, in order (again after a reconnect). */
  readonly sent: readonly SentSubscription[];
  /** Calls `listener` whenever the server confirms a subscription; returns the unsubscriber. */
  onConfirmed(listener: () => void): () => void;
}

/**
 * A WebSocket factory for `createClient` in Node, counting what the server confirmed.
 * Test clients of `createTestApp` have one already (`client.sockets`).
 * @example
 * const sockets = testSockets();
 * const client = createClient<typeof app>({ url, token, webSocket: sockets.factory });
 * client.subscribe('tickets', {}, () => {});
 * await waitUntil(() => sockets.subscribed() === 1);
 */
export function testSockets(): TestSockets {
  let subscribed = 0;
  let ready = 0;
  const closes: number[] = [];
  const confirmed = new Set<string>();
  const sent: SentSubscription[] = [];
  const listeners = new Set<() => void>();
  const factory: TestSockets['factory'] = (url, token, headers = {}) => {
    const ws = new WebSocket(url, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const send = ws.send.bind(ws) as (data: string) => void;
    ws.send = ((data: string) => {
      const msg = JSON.parse(data) as { type: string } & SentSubscription;
      if (msg.type === 'subscribe') {
        const { id, entity, query = {}, recordId } = msg;
        sent.push({ id, entity, query, ...(recordId ? { recordId } : {}) });
      }
      send(data);
    }) as never;
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id?: string };
      if (msg.type === 'ready') ready += 1;
      if (msg.type === 'subscribed') {
        subscribed += 1;
        confirmed.add(String(msg.id));
        for (const l of listeners) l();
      }
    });
    ws.on('close', (code) => closes.push(code));
    return ws as never;
  };
  return {
    factory,
    subscribed: () => subscribed,
    confirmed,
    sent,
    ready: () => ready,
    closes,
    onConfirmed(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
