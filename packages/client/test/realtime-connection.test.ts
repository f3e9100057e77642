import { describe, expect, it } from 'vitest';
import { RealtimeConnection } from '../src/realtime-connection';

/** A socket whose state and incoming messages the test controls, to replay an exact race. */
class ScriptedSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  send(data: string): void {
    if (this.readyState !== 1)
      throw new Error("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.");
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
  receive(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('RealtimeConnection', () => {
  it('regression: a ready message from a replaced socket never sends on one still connecting', () => {
    const sockets: ScriptedSocket[] = [];
    const rt = new RealtimeConnection(
      'ws://127.0.0.1/api/realtime',
      () => {
        const s = new ScriptedSocket();
        sockets.push(s);
        return s;
      },
      () => null,
    );
    const stop = rt.subscribe({ entity: 'tickets' }, () => {});
    stop();
    rt.subscribe({ entity: 'tickets' }, () => {});
    const [old, current] = sockets;
    expect(current?.readyState).toBe(0);
    expect(() => old?.receive({ type: 'ready', caller: null })).not.toThrow();
    expect(current?.sent).toEqual([]);
    current!.readyState = 1;
    current!.receive({ type: 'ready', caller: null });
    expect(current?.sent.map((m) => JSON.parse(m).type)).toEqual(['subscribe']);
  });
});
