/**
 * How committed changes reach realtime subscribers. A write collects its events inside its
 * transaction and the bus delivers them only after the commit: in-process for SQLite (one
 * server process owns the file); through PostgreSQL for several processes on one database
 * — each event row is written in the same transaction (an outbox, so a rolled-back write
 * announces nothing) and LISTEN/NOTIFY wakes every process, which reads the rows in order.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Executor } from '../../db/database';
import type { BusEvent } from './change-event';

export type BusListener = (event: BusEvent) => void;

export interface ChangeBus {
  /** Whether listeners have heard a commit's events by the time `committed` returns. */
  readonly immediate: boolean;
  /** Called inside the transaction that made the changes. */
  stage(tx: Executor, events: readonly BusEvent[]): Promise<void>;
  /** Called after that transaction committed. */
  committed(events: readonly BusEvent[]): void;
  listen(listener: BusListener): () => void;
  close(): Promise<void>;
}

/**
 * The bus of a single process.
 * @example const bus = localBus(); bus.listen((e) => console.log(e));
 */
export function localBus(): ChangeBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    immediate: true,
    stage: async () => {},
    committed: (events) => {
      for (const e of events) emitter.emit('event', e);
    },
    listen: (l) => {
      emitter.on('event', l);
      return () => emitter.off('event', l);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'nf_changes';
const KEEP_MS = 10 * 60_000;

/**
 * The bus of several processes sharing one PostgreSQL database.
 * @example const bus = await postgresBus(url);
 */
export async function postgresBus(url: string): Promise<ChangeBus> {
  const emitter = new EventEmitter().setMaxListeners(0);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('error', () => {});
  await client.query('select pg_advisory_lock(7312)');
  await client.query(
    'create table if not exists nf_events (id bigserial primary key, at timestamptz not null, payload jsonb not null)',
  );
  await client.query('select pg_advisory_unlock(7312)');
  const start = await client.query<{ max: string | null }>('select max(id) as max from nf_events');
  let last = Number(start.rows[0]?.max ?? 0);
  // One reader at a time, so rows are delivered once and in id (commit-announcement) order.
  let reading: Promise<void> = Promise.resolve();
  const read = () => {
    reading = reading.then(async () => {
      const rows = await client.query<{ id: number; payload: BusEvent | string }>(
        'select id, payload from nf_events where id > $1 order by id',
        [last],
      );
      for (const row of rows.rows) {
        last = Number(row.id);
        emitter.emit('event', typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload);
      }
    });
    return reading.catch(() => {});
  };
  client.on('notification', () => void read());
  await client.query(`listen ${CHANNEL}`);
  const prune = setInterval(() => {
    void client
      .query('delete from nf_events where at < $1', [new Date(Date.now() - KEEP_MS).toISOString()])
      .catch(() => {});
  }, 60_000).unref();
  return {
    immediate: false,
    stage: async (tx, events) => {
      if (events.length === 0) return;
      // Sequence values are taken under one lock held to commit, so they grow in commit order
      // and a reader that has seen id n never later finds a smaller one.
      await tx.all(sql`select pg_advisory_xact_lock(7311)`.compile(tx.qb));
      for (const e of events) {
        await tx.run(
          tx.qb.insertInto('nf_events').values({ at: new Date().toISOString(), payload: JSON.stringify(e) }),
        );
      }
      await tx.all(sql`select pg_notify(${CHANNEL}, '')`.compile(tx.qb));
    },
    committed: () => {},
    listen: (l) => {
      emitter.on('event', l);
      return () => emitter.off('event', l);
    },
    close: async () => {
      clearInterval(prune);
      emitter.removeAllListeners();
      await client.end().catch(() => {});
    },
  };
}
