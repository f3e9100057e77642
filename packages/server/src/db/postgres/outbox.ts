/**
 * The outbox's tables: `nf_events`, the events in commit order, and `nf_events_pruned`, the
 * highest id ever pruned — how a reader that was away learns it cannot catch up.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import type { BusEvent } from '../../core/changes/change-event';
import type { Executor } from '../database';

/** The channel NOTIFY wakes listening processes on. */
export const CHANNEL = 'nf_changes';

/** Something that runs a query: a client of the outbox's database. */
type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Deletes outbox rows written before `before`, remembering the highest id deleted so that a
 * reader behind it knows it cannot catch up.
 * @example await pruneOutbox(client, new Date(Date.now() - 600_000));
 */
export async function pruneOutbox(client: Queryable, before: Date): Promise<void> {
  await client.query(
    `with gone as (delete from nf_events where at < $1 returning id)
     update nf_events_pruned set upto = greatest(upto, (select max(id) from gone))
     where exists (select 1 from gone)`,
    [before.toISOString()],
  );
}

/**
 * Creates the outbox's tables if they are missing.
 * @example await createOutbox(client); // at start, before reading `nf_events`
 */
export async function createOutbox(client: Queryable): Promise<void> {
  // Every process runs this at start; the lock keeps two of them from racing on the DDL.
  await client.query('select pg_advisory_lock(7312)');
  try {
    await client.query(
      'create table if not exists nf_events (id bigserial primary key, at timestamptz not null, payload jsonb not null)',
    );
    await client.query('create table if not exists nf_events_pruned (upto bigint not null)');
    await client.query(
      'insert into nf_events_pruned (upto) select 0 where not exists (select 1 from nf_events_pruned)',
    );
  } finally {
    await client.query('select pg_advisory_unlock(7312)');
  }
}

/**
 * The highest id pruned so far.
 * @example const last = Math.max(newest, await prunedUpTo(client));
 */
export async function prunedUpTo(client: Queryable): Promise<number> {
  const rows = await client.query<{ upto: string }>('select upto from nf_events_pruned');
  return Number(rows.rows[0]?.upto ?? 0);
}

/**
 * Writes a transaction's events into the outbox and wakes every listening process at its
 * commit (a rolled-back write announces nothing).
 * @example await stageEvents(tx, [{ kind: 'sessionEnded', session }]);
 */
export async function stageEvents(tx: Executor, events: readonly BusEvent[]): Promise<void> {
  if (events.length === 0) return;
  // One statement, one round trip: the lock is held from here to commit, so the shorter the
  // rest of the transaction, the more writes commit per second on every process.
  // Sequence values are taken under that lock, so they grow in commit order and a reader that
  // has seen id n never later finds a smaller one: the lock is an InitPlan, taken before the
  // first row's id is drawn. The notification is delivered only at commit.
  await tx.all(
    sql`with added as (
        insert into nf_events (at, payload)
        select ${new Date().toISOString()}, e from unnest(${events.map((e) => JSON.stringify(e))}::jsonb[])
          with ordinality as u(e, n)
        where (select count(*) from (select pg_advisory_xact_lock(7311)) as locked) = 1
        order by n
        returning id)
      select pg_notify(${CHANNEL}, '') from (select count(*) from added) as waited`.compile(tx.qb),
  );
}
