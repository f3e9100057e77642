/**
 * The shared rate counter under concurrency, as two processes use it: two pools on one
 * database, many takes and gives of overlapping keys at once. Regression: a give over several
 * keys locked them in the plan's order, against a take's sorted order, and PostgreSQL's
 * deadlock detector failed one of them (82 of 2,400 pairs), which the server answered 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, PG_URL, type TestDatabase } from '../../../test/test-databases';
import type { Database } from '../database';
import { openPostgres } from './postgres-database';
import { sharedCounter } from './shared-rate-counter';

describe.skipIf(!PG_URL)('sharedCounter on two pools of one PostgreSQL database', () => {
  let tdb: TestDatabase;
  let pools: Database[] = [];

  beforeAll(async () => {
    tdb = await freshDatabase('postgres');
    pools = [openPostgres(tdb.url), openPostgres(tdb.url)];
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
    await tdb.drop();
  });

  it('takes and gives back overlapping keys from 16 workers with no deadlock and no lost count', async () => {
    const rule = { max: 1_000_000, windowSeconds: 3600 };
    const counters = pools.map((db) => sharedCounter(db, 'signIns', rule));
    const keys = ['email:a@example.test', 'ip:203.0.113.1'];
    const t0 = Date.now();
    let n = 0;
    // Half take then give (a sign-in that succeeded), half take and keep (one that failed).
    const kept: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        const counter = counters[w % 2]!;
        for (let i = 0; i < 60; i++) {
          const at = t0 + ++n;
          expect(await counter.take(w % 2 ? keys : [...keys].reverse(), at)).toBe(0);
          if (i % 2) await counter.give(keys, at);
          else kept.push(at);
        }
      }),
    );
    for (const c of counters) c.close();
    const usage = await counters[0]!.usage(t0 + n + 1);
    // Every kept event is counted once against each of the two keys; every given one is gone.
    expect(usage).toEqual({ keys: 2, limited: 0, events: 2 * kept.length });
  });

  it('refuses past the limit across both pools, exactly at the declared number', async () => {
    const rule = { max: 10, windowSeconds: 60 };
    const counters = pools.map((db) => sharedCounter(db, 'failed', rule));
    const now = Date.now();
    const waits = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        counters[i % 2]!.take(['email:b@example.test', 'ip:198.51.100.9'], now),
      ),
    );
    for (const c of counters) c.close();
    expect(waits.filter((w) => w === 0)).toHaveLength(10);
    expect(waits.filter((w) => w > 0).every((w) => w <= 60)).toBe(true);
  });
});
