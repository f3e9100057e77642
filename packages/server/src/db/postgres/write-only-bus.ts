/**
 * A bus that only writes: it stages a transaction's events in the shared outbox, so the
 * server processes on the same database announce them, and hears nothing itself. For a
 * core that serves no subscribers — a CLI command, a seed — on a database several
 * processes share.
 */
import { sql } from 'kysely';
import type { ChangeBus } from '../../core/changes/change-bus';
import type { BusEvent } from '../../core/changes/change-event';
import type { Executor } from '../database';
import { stageEvents } from './outbox';

/**
 * @example const core = createCore(app, db, { bus: writeOnlyBus() });
 */
export function writeOnlyBus(): ChangeBus {
  // Known only once a transaction that ran the DDL (or found the table) has committed: a
  // first write that rolls back takes its CREATE TABLE with it, and the next must run it again.
  let ready = false;
  // A command may run before any server has created the outbox: create it in the write's
  // own transaction, under the lock the servers take for the same DDL.
  const ensureOutbox = async (tx: Executor) => {
    if (ready) return;
    await tx.all(sql`select pg_advisory_xact_lock(7312)`.compile(tx.qb));
    await tx.run(
      sql`create table if not exists nf_events (id bigserial primary key, at timestamptz not null, payload jsonb not null)`.compile(
        tx.qb,
      ),
    );
  };
  return {
    immediate: false,
    stage: async (tx: Executor, events: readonly BusEvent[]) => {
      if (events.length === 0) return;
      await ensureOutbox(tx);
      await stageEvents(tx, events);
    },
    // Every transaction with events ran `ensureOutbox` before `ready`, so a commit of one
    // proves the table exists.
    committed: (events) => {
      if (events.length > 0) ready = true;
    },
    listen: () => () => {},
    gaps: () => () => {},
    close: async () => {},
  };
}
