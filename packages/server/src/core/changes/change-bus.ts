/**
 * How committed changes reach realtime subscribers. A write collects its events inside its
 * transaction and the bus delivers them only after the commit: in-process for SQLite (one
 * server process owns the file); through PostgreSQL for several processes on one database
 * (postgres-bus.ts).
 */
import { EventEmitter } from 'node:events';
import type { Executor } from '../../db/database';
import type { BusEvent } from './change-event';

export { postgresBus } from './postgres-bus';

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
