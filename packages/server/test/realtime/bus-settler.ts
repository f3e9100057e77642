/**
 * Waiting, without sleeps, until realtime has dispatched every committed change. On SQLite
 * a change is heard before its write answers, so the hub's `settled()` is enough. On
 * PostgreSQL a change is heard later, through NOTIFY and the outbox; the settler counts the
 * outbox rows written since it started and waits until this process has heard as many.
 */
import { sql } from 'kysely';
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
  let heard = 0;
  // Registered after the hub's listener, so an event counted here is already in its queue.
  nf.core.bus.listen(() => {
    heard += 1;
  });
  const start = await nf.db.all<{ max: number | null }>(
    sql`select max(id) as max from nf_events`.compile(nf.db.qb),
  );
  const base = Number(start[0]?.max ?? 0);
  return async () => {
    const rows = await nf.db.all<{ n: number }>(
      sql`select count(*) as n from nf_events where id > ${base}`.compile(nf.db.qb),
    );
    const written = Number(rows[0]?.n ?? 0);
    const until = Date.now() + LIMIT_MS;
    while (heard < written) {
      if (Date.now() > until) throw new Error(`heard ${heard} of ${written} committed changes`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await hub.settled();
  };
}
