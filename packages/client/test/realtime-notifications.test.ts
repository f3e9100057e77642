import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NotificationEvent, RealtimeConnection } from '../src/realtime-connection';

/** A socket whose state and incoming messages the test controls. */
class ScriptedSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
  receive(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const ITEM = {
  id: 'n1',
  notification: 'customerReplied',
  title: 'The customer replied',
  body: null,
  link: { entity: 'tickets', id: 't1' },
  createdAt: '2030-01-01T00:00:00.000Z',
  readAt: null,
};

function connection() {
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
  const open = () => {
    const s = sockets.at(-1)!;
    s.readyState = 1;
    s.receive({ type: 'ready', caller: null });
    return s;
  };
  return { rt, sockets, open };
}

describe('notifications on the realtime socket', () => {
  afterEach(() => vi.useRealTimers());

  it('opens the socket for a listener alone and hands every listener each notification', () => {
    const { rt, sockets, open } = connection();
    const heard: NotificationEvent[][] = [[], []];
    const stops = heard.map((h) => rt.onNotification((e) => h.push(e)));
    expect(sockets).toHaveLength(1);
    const socket = open();
    // Notifications need no subscription: nothing is asked of the server.
    expect(socket.sent).toEqual([]);
    socket.receive({ type: 'notification', notification: ITEM });
    expect(heard).toEqual([
      [{ type: 'notification', notification: ITEM }],
      [{ type: 'notification', notification: ITEM }],
    ]);
    stops[0]!();
    socket.receive({ type: 'notification', notification: { ...ITEM, id: 'n2' } });
    expect(heard.map((h) => h.length)).toEqual([1, 2]);
    expect(socket.readyState).toBe(1);
    stops[1]!();
    expect(socket.readyState).toBe(3);
  });

  it('keeps the socket open for a listener when the last subscription ends, and the other way round', () => {
    const { rt, sockets, open } = connection();
    const stopSub = rt.subscribe({ entity: 'tickets' }, () => {});
    const stopHear = rt.onNotification(() => {});
    const socket = open();
    stopSub();
    expect(socket.readyState).toBe(1);
    const again = rt.subscribe({ entity: 'tickets' }, () => {});
    stopHear();
    expect(socket.readyState).toBe(1);
    again();
    expect(socket.readyState).toBe(3);
    expect(sockets).toHaveLength(1);
  });

  it('counts one function listening twice as two listeners', () => {
    const { rt, open } = connection();
    const heard: NotificationEvent[] = [];
    const listener = (e: NotificationEvent) => heard.push(e);
    const first = rt.onNotification(listener);
    rt.onNotification(listener);
    const socket = open();
    first();
    socket.receive({ type: 'notification', notification: ITEM });
    expect(heard).toHaveLength(1);
  });

  it('tells listeners to reload after a dropped socket, and reconnects for them', () => {
    vi.useFakeTimers();
    const { rt, sockets, open } = connection();
    const heard: NotificationEvent[] = [];
    rt.onNotification((e) => heard.push(e));
    const socket = open();
    socket.onclose?.({ code: 1006 });
    expect(heard).toEqual([{ type: 'resync' }]);
    vi.advanceTimersByTime(300);
    expect(sockets).toHaveLength(2);
    // The server's own resync (events dropped for a slow socket) reaches them too.
    open().receive({ type: 'resync', reason: 'slow' });
    expect(heard).toEqual([{ type: 'resync' }, { type: 'resync' }]);
  });
});
