/**
 * The timers benchmark's database: a fresh one per run and dialect (an SQLite file under
 * bench/.data/runs, or a schema of its own in BENCH_PG_URL's PostgreSQL), seeded with
 * reminders through the core — the app's own `fileReminders` action, so each write plans
 * its timers as any write would — and read while they fire: how many have fired, and
 * afterwards whether each fired exactly once.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createNinefold, type Database, openDatabase } from '@ninefold/server';
import pg from 'pg';
import { DATA_DIR } from './lib/bench-paths';
import { BENCH_PG_URL, schemaUrl } from './lib/postgres-copy';
import timersApp, { FILE_BATCH_MAX } from './timers-app/app';

/** Where the timers app lives, as `ninefold start` is given it. */
export const TIMERS_APP_DIR = 'bench/timers-app';

export type TimersDialect = 'sqlite' | 'postgres';

/** A fresh database for one dialect's run. */
export interface TimersDatabase {
  readonly dialect: TimersDialect;
  /** What `ninefold start` needs to open it (DATA_DIR or DATABASE_URL). */
  readonly env: Readonly<Record<string, string>>;
  /** What `openDatabase` takes. */
  readonly url: string;
  /** Removes it (kept with BENCH_KEEP=1). */
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database of `dialect`.
 * @example const db = await timersDatabase('postgres'); … await db.dispose();
 */
export async function timersDatabase(dialect: TimersDialect): Promise<TimersDatabase> {
  const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
  if (dialect === 'sqlite') {
    const dir = join(DATA_DIR, 'runs', `timers-${stamp}`);
    mkdirSync(dir, { recursive: true });
    return {
      dialect,
      // An empty DATABASE_URL, so a developer's own never points the servers elsewhere.
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      url: join(dir, 'app.db'),
      dispose: async () => {
        if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_timers_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const url = schemaUrl(schema);
  return {
    dialect,
    env: { DATABASE_URL: url },
    url,
    dispose: async () => {
      if (!process.env.BENCH_KEEP) await adminQuery(`drop schema if exists ${schema} cascade`);
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: BENCH_PG_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** What seeding made: the session token of the member the load reads as, and its time. */
export interface Seeded {
  readonly token: string;
  readonly seconds: number;
}

/**
 * Brings the schema to the app and files `count` reminders due at `fireAt`, in writes of
 * FILE_BATCH_MAX, as a signed-up member; no job runs here (the worker is manual).
 * @example const { token } = await seedReminders(db, 10_000, new Date(Date.now() + 60_000));
 */
export async function seedReminders(db: TimersDatabase, count: number, fireAt: Date): Promise<Seeded> {
  const started = performance.now();
  const nf = await createNinefold(timersApp, { database: db.url, jobs: { manual: true } });
  try {
    const { token } = await nf.core.signUp({
      email: 'member@timers.bench',
      name: 'Bench Member',
      password: 'bench-password-1',
    });
    const member = await nf.core.caller(token);
    if (!member) throw new Error('the signed-up member has no session');
    for (let from = 0; from < count; from += FILE_BATCH_MAX) {
      const n = Math.min(FILE_BATCH_MAX, count - from);
      await nf.core.action(member, 'fileReminders', { count: n, fireAt: fireAt.toISOString(), from });
    }
    return { token, seconds: (performance.now() - started) / 1000 };
  } finally {
    await nf.close();
  }
}

/** Counts read while timers fire, on a connection of the bench's own (not the servers'). */
export interface TimersProbe {
  /** Reminders fired so far. */
  fired(): Promise<number>;
  /** Timer jobs by status (a running job is `queued` under a lease). */
  jobs(): Promise<Readonly<Record<string, number>>>;
  /** Whether each reminder fired exactly once, by its audit entries. */
  onceEach(): Promise<OnceEach>;
  close(): Promise<void>;
}

/** How the audit log says the reminders fired. */
export interface OnceEach {
  /** Reminders with exactly one `fire` entry. */
  readonly once: number;
  /** Reminders with more than one (a timer run twice). */
  readonly twice: number;
  /** `fire` entries without a person: taken by the system. */
  readonly bySystem: number;
  /** Timer jobs that took more than one attempt. */
  readonly retried: number;
}

/**
 * @example const probe = await timersProbe(db); while ((await probe.fired()) < 10_000) …
 */
export async function timersProbe(db: TimersDatabase): Promise<TimersProbe> {
  const conn: Database = openDatabase(db.url);
  const count = (rows: readonly { n: unknown }[]) => Number(rows[0]?.n ?? 0);
  return {
    fired: async () =>
      count(
        await conn.all<{ n: unknown }>(
          conn.qb
            .selectFrom('reminders')
            .select((e) => e.fn.countAll().as('n'))
            .where('status', '=', 'fired'),
        ),
      ),
    jobs: async () => {
      const rows = await conn.all<{ status: string; n: unknown }>(
        conn.qb
          .selectFrom('nf_jobs')
          .select((e) => ['status', e.fn.countAll().as('n')])
          .where('kind', '=', 'timer')
          .groupBy('status'),
      );
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
    onceEach: async () => {
      const rows = await conn.all<{ n: unknown; system: unknown }>(
        conn.qb
          .selectFrom('nf_audit')
          .select((e) => [
            e.fn.countAll().as('n'),
            e.fn.count(e.case().when('actor', 'is', null).then(1).end()).as('system'),
          ])
          .where('entity', '=', 'reminders')
          .where('operation', '=', 'transition')
          .where('name', '=', 'fire')
          .groupBy('recordId'),
      );
      const retried = await conn.all<{ n: unknown }>(
        conn.qb
          .selectFrom('nf_jobs')
          .select((e) => e.fn.countAll().as('n'))
          .where('kind', '=', 'timer')
          .where('attempts', '>', 1),
      );
      return {
        once: rows.filter((r) => Number(r.n) === 1).length,
        twice: rows.filter((r) => Number(r.n) > 1).length,
        bySystem: rows.reduce((n, r) => n + Number(r.system), 0),
        retried: count(retried),
      };
    },
    close: () => conn.close(),
  };
}
