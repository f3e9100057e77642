/**
 * A socket closed while it is still connecting, or one that cannot connect at all, ends in a
 * `close` event and nothing else. Node's `ws` emits an `error` first and throws it when no one
 * listens: closing a client whose socket had not opened yet once crashed a test run with
 * "WebSocket was closed before the connection was established".
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RealtimeConnection } from '../src/realtime-connection';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a realtime socket that never opens', () => {
  it.each([
    ['is closed while connecting', true],
    ['cannot connect', false],
  ])('throws nothing when it %s', async (_, closeAtOnce) => {
    const uncaught: unknown[] = [];
    const note = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', note);
    try {
      const opened: WebSocket[] = [];
      const rt = new RealtimeConnection(
        `ws://127.0.0.1:${await closedPort()}/api/realtime`,
        (url) => {
          const ws = new WebSocket(url);
          opened.push(ws);
          return ws as never;
        },
        () => null,
      );
      rt.subscribe({ entity: 'tickets' }, () => {});
      if (closeAtOnce) rt.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      rt.close();
      expect(opened.length).toBeGreaterThan(0);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', note);
    }
  });
});
