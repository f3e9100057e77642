/**
 * Waiting, without sleeps, until realtime has dispatched every committed change. On SQLite
 * a change is heard before its write answers, so the hub's `settled()` is enough. On
 * PostgreSQL a change is heard later, through NOTIFY and the outbox: the settler commits a
 * marker of its own to the outbox and waits until this process hears it. The outbox is read
 * in commit order, so by then every change committed before the marker has been heard too.
 *
 * It used to count outbox rows written since it started against events heard since then;
 * rows the bus had not yet read when the settler started were heard but not counted, so a
 * settle could return that many events early (a deleted ticket not yet dispatched at the
 * check: the realtime leak property's rare failure on PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import type { Ninefold } from '../../src/start-app';

/** Resolves once every change committed so far has been dispatched to the sockets. */
export type Settle = () => Promise<void>;

const LIMIT_MS = 10_000;

/**
 * @example const settle = await busSettler(h.nf); await write(); await settle();
 */
export async function busSettler(nf: Ninefold): Promise<Settle> {
  const hub = nf.server.realtime;
  if (nf.db.dialect.name !== 'postgres') return () => hub.settled();
  const waiting = new Map<string, () => void>();
  // Registered after the hub's listener, so an event heard here is already in its queue.
  nf.core.bus.listen((event) => {
    if (event.kind === 'sessionEnded') waiting.get(event.session)?.();
  });
  return async () => {
    // A session id no session has: sockets and session caches that hear it drop nothing.
    const marker = `settle-${randomUUID()}`;
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the settle marker was never heard')), LIMIT_MS);
      waiting.set(marker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await nf.db.transaction((tx) => nf.core.bus.stage(tx, [{ kind: 'sessionEnded', session: marker }]));
      await heard;
    } finally {
      waiting.delete(marker);
    }
    await hub.settled();
  };
}
