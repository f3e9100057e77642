/**
 * Realtime sockets for tests in Node: the `ws` package with the caller's bearer token, and a
 * count of the subscriptions the server has confirmed, so a test can wait until it is
 * listening instead of sleeping.
 */
import { createRequire } from 'node:module';
import type WebSocketType from 'ws';
import type { WebSocketFactory } from '../src/index';

// Node's own resolution: under a jsdom environment Vite would pick ws's browser stub.
const WebSocket = createRequire(import.meta.url)('ws') as typeof WebSocketType;

export interface TestSockets {
  /** A WebSocketFactory; `headers` adds any more (a browser's cookie). */
  readonly factory: (...args: [...Parameters<WebSocketFactory>, headers?: Record<string, string>]) => never;
  /** Subscriptions the server has confirmed, over every socket opened so far. */
  subscribed(): number;
  /** Sockets the server has greeted (`ready`): one per connection. */
  ready(): number;
  /** The close codes of the sockets that closed, in order. */
  readonly closes: number[];
}

/**
 * @example const sockets = testSockets(); const c = createClient({ url, token, webSocket: sockets.factory });
 */
export function testSockets(): TestSockets {
  let subscribed = 0;
  let ready = 0;
  const closes: number[] = [];
  const factory: TestSockets['factory'] = (url, token, headers = {}) => {
    const ws = new WebSocket(url, {
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    ws.on('message', (data) => {
      const { type } = JSON.parse(String(data)) as { type: string };
      if (type === 'subscribed') subscribed += 1;
      if (type === 'ready') ready += 1;
    });
    ws.on('close', (code) => closes.push(code));
    return ws as never;
  };
  return { factory, subscribed: () => subscribed, ready: () => ready, closes };
}
