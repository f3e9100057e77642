/**
 * A rate counter in a database several processes share (PostgreSQL): one row per limit and
 * key holding the times of its events in the window. `take` is one upsert: the row lock that
 * ON CONFLICT takes serializes concurrent takes of one key across every process, and the
 * statement both drops the events that left the window and decides whether this one fits.
 * Keys are locked in sorted order, so two takes of overlapping keys cannot deadlock.
 */
import { sql } from 'kysely';
import type { RateCounter } from '../../core/limits/rate-counter';
import type { ThrottleRule, WindowUsage } from '../../core/limits/sliding-window';
import type { Database } from '../database';

const PRUNE_EVERY_MS = 60_000;

interface Taken {
  readonly key: string;
  readonly admitted: boolean;
  readonly oldest: number | string | null;
}

const tables = new WeakMap<Database, Promise<void>>();

/** PostgreSQL's "deadlock detected": the statement that lost was rolled back whole. */
const DEADLOCK = '40P01';

/**
 * Runs a statement again if PostgreSQL chose it as a deadlock's victim. Takes and gives lock
 * keys in one order, so none is expected; this keeps a rare one (another writer of the table)
 * from becoming a 500.
 */
async function retried<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= tries || (e as { code?: string }).code !== DEADLOCK) throw e;
    }
  }
}

/** Creates the counters' table once per database handle (every process runs it at start). */
function ensureTable(db: Database): Promise<void> {
  let ready = tables.get(db);
  if (!ready) {
    ready = db.transaction(async (tx) => {
      // Two processes starting at once would race on the DDL without the lock.
      await tx.all(sql`select pg_advisory_xact_lock(7313)`.compile(tx.qb));
      await tx.run(
        sql`create table if not exists nf_rate_hits (name text not null, key text not null,
          hits bigint[] not null, admitted boolean not null default true, primary key (name, key))`.compile(
          tx.qb,
        ),
      );
    });
    // A failed creation is tried again by the next request rather than remembered.
    ready.catch(() => tables.delete(db));
    tables.set(db, ready);
  }
  return ready;
}

/**
 * @example const c = sharedCounter(db, 'failedSignIns', { max: 10, windowSeconds: 60 });
 * const wait = await c.take(['email:a@b.test', 'ip:127.0.0.1'], Date.now());
 */
export function sharedCounter(db: Database, name: string, rule: ThrottleRule): RateCounter {
  const span = rule.windowSeconds * 1000;
  const prune = setInterval(() => {
    void ensureTable(db)
      .then(() =>
        db.run(
          sql`delete from nf_rate_hits where name = ${name}
            and not exists (select 1 from unnest(hits) h where h > ${Date.now() - span})`.compile(db.qb),
        ),
      )
      .catch(() => {});
  }, PRUNE_EVERY_MS).unref();

  const give = async (keys: readonly string[], now: number) => {
    await ensureTable(db);
    // One key a statement, in the order `take` locks them: a statement that holds one row lock
    // waits for no other, so no cycle can form (one UPDATE over several keys locked them in
    // the plan's order, and deadlocked against a take 82 times in 2,400 tries).
    for (const key of [...keys].sort()) {
      // One event, not every event of that millisecond: cut the array around its first match.
      await retried(() =>
        db.run(
          sql`update nf_rate_hits set hits = hits[1:array_position(hits, ${now}::bigint) - 1]
              || hits[array_position(hits, ${now}::bigint) + 1:]
            where name = ${name} and key = ${key} and ${now}::bigint = any(hits)`.compile(db.qb),
        ),
      );
    }
  };

  return {
    rule,
    take: async (keys, now) => {
      await ensureTable(db);
      const since = now - span;
      const kept = sql`array(select h from unnest(r.hits) h where h > ${since} order by h)`;
      const rows = await retried(() =>
        db.all<Taken>(
          sql`insert into nf_rate_hits as r (name, key, hits)
          select ${name}, k, array[${now}::bigint] from unnest(${[...keys].sort()}::text[]) k order by k
          on conflict (name, key) do update set
            admitted = cardinality(${kept}) < ${rule.max},
            hits = case when cardinality(${kept}) < ${rule.max} then ${kept} || ${now}::bigint else ${kept} end
          returning key, admitted, hits[1] as oldest`.compile(db.qb),
        ),
      );
      const refused = rows.filter((r) => !r.admitted);
      if (refused.length === 0) return 0;
      // Every key must pass for the event to count: give back what the others took.
      const taken = rows.filter((r) => r.admitted).map((r) => r.key);
      if (taken.length > 0) await give(taken, now);
      // The wait is the longest of the refused keys': until each one's oldest event leaves.
      const until = Math.max(...refused.map((r) => Number(r.oldest ?? now))) + span;
      return Math.max(1, Math.ceil((until - now) / 1000));
    },
    give,
    usage: async (now): Promise<WindowUsage> => {
      await ensureTable(db);
      const rows = await db.all<{ n: number | string }>(
        sql`select (select count(*) from unnest(hits) h where h > ${now - span}) as n
          from nf_rate_hits where name = ${name}`.compile(db.qb),
      );
      const counts = rows.map((r) => Number(r.n)).filter((n) => n > 0);
      return {
        keys: counts.length,
        limited: counts.filter((n) => n >= rule.max).length,
        events: counts.reduce((a, b) => a + b, 0),
      };
    },
    close: () => clearInterval(prune),
  };
}
