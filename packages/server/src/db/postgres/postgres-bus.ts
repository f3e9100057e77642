/**
 * The change bus of several processes sharing one PostgreSQL database. Each event row is
 * written in its write's transaction (an outbox, so a rolled-back write announces nothing)
 * and LISTEN/NOTIFY wakes every process, which reads the rows after the last id it
 * delivered, in id order. That last id is what survives failures: a failed read is retried
 * from it, and a lost connection is re-opened with backoff and caught up from it, so events
 * committed meanwhile still arrive, in order, once. Rows older than a while are pruned; a
 * process that fell behind longer than that (disconnected, or its reads failing while
 * another process pruned) cannot catch up and tells its gap listeners. Every read takes the
 * pruned mark in the same statement as the rows, so it sees both at one moment.
 */
import pg from 'pg';
import type { BusListener, ChangeBus, GapListener } from '../../core/changes/change-bus';
import type { BusEvent } from '../../core/changes/change-event';
import { CHANNEL, createOutbox, prunedUpTo, pruneOutbox, stageEvents } from './outbox';

const KEEP_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;
const RETRY_MIN_MS = 50;
const RETRY_MAX_MS = 5_000;
/** Names the bus's connection in pg_stat_activity. */
const APPLICATION_NAME = 'ninefold-change-bus';

export interface PostgresBusOptions {
  /** Where failures go (a failed read, a lost connection); console.error by default. */
  readonly log?: (message: string, error: unknown) => void;
}

/**
 * The rows after `$1` and, in the same statement (one snapshot), the highest id pruned: one
 * row with a null id when there are none.
 */
const READ = `select (select max(upto) from nf_events_pruned) as pruned, e.id, e.payload
  from (values (1)) as one (x) left join nf_events e on e.id > $1 order by e.id`;

interface OutboxRead {
  readonly pruned: string | null;
  readonly id: string | null;
  readonly payload: BusEvent | string | null;
}

const backoff = (attempt: number) => Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(attempt, 16));

/**
 * @example const bus = await postgresBus(url);
 */
export async function postgresBus(url: string, options: PostgresBusOptions = {}): Promise<ChangeBus> {
  const log = options.log ?? ((message, error) => console.error(`[ninefold] ${message}`, error));
  const listeners = new Set<BusListener>();
  const gapListeners = new Set<GapListener>();
  let closing = false;
  let live: pg.Client | null = null;
  let last = 0;
  let reading = false;
  let again = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const emit = (payload: BusEvent | string) => {
    let event: BusEvent;
    try {
      event = typeof payload === 'string' ? JSON.parse(payload) : payload;
    } catch (e) {
      return log('an outbox row is not JSON; skipped', e);
    }
    for (const l of listeners) {
      // One failing listener must not keep the event from the others, or stop the reader.
      try {
        l(event);
      } catch (e) {
        log('a change listener failed', e);
      }
    }
  };

  const retryLater = () => {
    if (retry || closing) return;
    retry = setTimeout(() => {
      retry = undefined;
      read();
    }, backoff(failures++));
    retry.unref();
  };

  const gap = (reason: string) => {
    for (const l of gapListeners) {
      try {
        l(reason);
      } catch (e) {
        log('a gap listener failed', e);
      }
    }
  };

  /** Reads everything after `last` until nothing is left; one reader at a time. */
  const drain = async () => {
    do {
      again = false;
      const client = live;
      // Without a connection, the reconnect reads once it is back.
      if (!client) return;
      let rows: pg.QueryResult<OutboxRead>;
      try {
        rows = await client.query(READ, [last]);
      } catch (e) {
        if (closing) return;
        if (client === live) {
          log('reading the change outbox failed; retrying', e);
          retryLater();
        } else if (live) again = true;
        continue;
      }
      failures = 0;
      // Rows after `last` were pruned unread (reads failed, or the connection was lost, for
      // longer than rows are kept): they cannot be delivered, so listeners must resync.
      const pruned = Number(rows.rows[0]?.pruned ?? 0);
      if (pruned > last) {
        last = pruned;
        gap('changes were pruned from the outbox before this process read them');
      }
      for (const row of rows.rows) {
        if (row.id === null || Number(row.id) <= last) continue;
        last = Number(row.id);
        emit(row.payload as BusEvent | string);
      }
    } while (again);
  };

  const read = (): void => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    void drain()
      .catch((e) => log('reading the change outbox failed', e))
      .finally(() => {
        reading = false;
        if (again) read();
      });
  };

  /** A connection that listens, its loss handled; the caller catches up through it. */
  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url, application_name: APPLICATION_NAME });
    client.on('error', (e) => {
      if (!closing) log('the change bus connection failed', e);
    });
    client.on('end', () => {
      if (client !== live) return;
      live = null;
      if (!closing) void reconnect();
    });
    client.on('notification', read);
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    return client;
  };

  const reconnect = async () => {
    for (let attempt = 0; !closing; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, backoff(attempt)).unref());
      if (closing) return;
      let client: pg.Client | undefined;
      try {
        client = await open();
        if (closing) return void (await client.end().catch(() => {}));
        // Listening again, so nothing committed from now on is missed; what was committed
        // while away is read from `last` (the read tells if some of it was pruned meanwhile).
        live = client;
        read();
        return;
      } catch (e) {
        if (closing || (client && client === live)) return; // lost again already: its 'end' reconnects
        await client?.end().catch(() => {});
        log('reconnecting the change bus failed; retrying', e);
      }
    }
  };

  const first = await open();
  try {
    await createOutbox(first);
    const start = await first.query<{ max: string | null }>('select max(id) as max from nf_events');
    last = Math.max(Number(start.rows[0]?.max ?? 0), await prunedUpTo(first));
  } catch (e) {
    closing = true;
    await first.end().catch(() => {});
    throw e;
  }
  live = first;
  // A notification heard before `live` was set found no connection to read through.
  read();
  const prune = setInterval(() => {
    if (live) void pruneOutbox(live, new Date(Date.now() - KEEP_MS)).catch(() => {});
  }, PRUNE_EVERY_MS).unref();

  return {
    immediate: false,
    stage: stageEvents,
    committed: () => {},
    listen: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    gaps: (l) => {
      gapListeners.add(l);
      return () => gapListeners.delete(l);
    },
    close: async () => {
      closing = true;
      clearInterval(prune);
      clearTimeout(retry);
      listeners.clear();
      gapListeners.clear();
      const client = live;
      live = null;
      await client?.end().catch(() => {});
    },
  };
}
