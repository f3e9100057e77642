/**
 * How committed changes reach realtime subscribers. A write collects its events inside its
 * transaction and the bus delivers them only after the commit: in-process where one server
 * process owns the database; through the database itself where several share it. Which bus
 * a database calls for is its dialect's answer (`Dialect.changeBus`).
 */
import { EventEmitter } from 'node:events';
import type { Database, Executor } from '../../db/database';
import type { BusEvent } from './change-event';

export type BusListener = (event: BusEvent) => void;
/** Told, with a reason, that events may have been lost: whoever relies on them must resync. */
export type GapListener = (reason: string) => void;

export interface ChangeBus {
  /** Whether listeners have heard a commit's events by the time `committed` returns. */
  readonly immediate: boolean;
  /** Called inside the transaction that made the changes. */
  stage(tx: Executor, events: readonly BusEvent[]): Promise<void>;
  /** Called after that transaction committed. */
  committed(events: readonly BusEvent[]): void;
  listen(listener: BusListener): () => void;
  /** Listens for gaps: events this process will never hear (an in-process bus has none). */
  gaps(listener: GapListener): () => void;
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
    gaps: () => () => {},
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/**
 * The bus a database calls for, whatever form it was handed in: one that meets the other
 * processes through the database where several may share it, else this process's own.
 * @example const bus = await changeBusFor(db); const core = createCore(app, db, { bus });
 */
export function changeBusFor(db: Database): Promise<ChangeBus> {
  return db.dialect.changeBus(db);
}

/**
 * The bus of a core that writes but serves no subscribers (a CLI command, a seed): on a
 * shared database its changes still reach the servers' subscribers through the outbox.
 * @example createCore(app, db, { bus: quietBusFor(db) })
 */
export function quietBusFor(db: Database): ChangeBus {
  return db.dialect.quietBus(db);
}
