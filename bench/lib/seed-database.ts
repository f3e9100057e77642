/**
 * The seeded database: 1,000,000 tickets over ~2,000 customers in an SQLite file with the
 * helpdesk's own schema (made by `syncSchema`), filled by direct bulk INSERTs. Built once
 * per schema: the file is cached under bench/.data keyed by a hash of the schema, and each
 * run works on its own copy.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, setPassword, syncSchema } from '@ninefold/server';
import BetterSqlite3 from 'better-sqlite3';
import app from '../../examples/helpdesk/app';
import { DATA_DIR } from './bench-paths';
import { fakeTicket, TICKET_COLUMNS } from './fake-tickets';
import { Prng } from './prng';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, seedPeople } from './seed-people';

/** Bump when the generated data changes, so cached files are rebuilt. */
const SEED_VERSION = 1;
const COUNTS = { tickets: 1_000_000, customers: 2_000, agents: 40 } as const;
const BATCH = 50_000;
const DAY = 86_400_000;

async function createSchema(file: string): Promise<string> {
  const db = openDatabase(file);
  await syncSchema(db, app);
  await db.close();
  const conn = new BetterSqlite3(file, { readonly: true });
  const schema = conn
    .prepare('select sql from sqlite_master where sql is not null order by type, name')
    .pluck()
    .all()
    .join(';\n');
  conn.close();
  return createHash('sha256')
    .update(`${SEED_VERSION}\n${JSON.stringify(COUNTS)}\n${schema}`)
    .digest('hex')
    .slice(0, 16);
}

function fillTickets(file: string): void {
  const conn = new BetterSqlite3(file);
  // A throwaway build: no journal, no fsync; the indexes are rebuilt once at the end.
  conn.pragma('journal_mode = OFF');
  conn.pragma('synchronous = OFF');
  conn.pragma('cache_size = -262144');
  conn.pragma('temp_store = MEMORY');
  const rng = new Prng(9);
  const endMs = Date.now() - DAY;
  const startMs = endMs - 730 * DAY;
  const people = seedPeople(conn, rng, COUNTS, startMs - DAY);
  const indexes = conn
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and tbl_name = 'tickets' and sql is not null",
    )
    .all() as { name: string; sql: string }[];
  for (const ix of indexes) conn.exec(`drop index "${ix.name}"`);
  const cols = TICKET_COLUMNS.map((c) => `"${c}"`).join(', ');
  const insert = conn.prepare(
    `insert into tickets (${cols}) values (${TICKET_COLUMNS.map(() => '?').join(', ')})`,
  );
  const step = (endMs - startMs) / COUNTS.tickets;
  const batch = conn.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const createdMs = Math.floor(startMs + i * step + rng.next() * step * 0.9);
      insert.run(...fakeTicket(rng, people, i, COUNTS.tickets, createdMs));
    }
  });
  for (let from = 0; from < COUNTS.tickets; from += BATCH) {
    batch(from, Math.min(from + BATCH, COUNTS.tickets));
    if ((from + BATCH) % 200_000 === 0) console.log(`  seeded ${from + BATCH} tickets`);
  }
  console.log('  building ticket indexes');
  for (const ix of indexes) conn.exec(ix.sql);
  conn.pragma('journal_mode = WAL');
  conn.close();
}

async function addPasswords(file: string): Promise<void> {
  const conn = new BetterSqlite3(file, { readonly: true });
  const byEmail = conn.prepare('select id from users where email = ?').pluck();
  const ids = Object.values(BENCH_ACCOUNTS).map((email) => String(byEmail.get(email)));
  conn.close();
  const db = openDatabase(file);
  for (const id of ids) await setPassword(db, id, BENCH_PASSWORD, new Date());
  await db.close();
}

function removeDb(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

/**
 * The cached seeded database for the current schema, built first if there is none.
 * @example const seeded = await seededDatabase(); // bench/.data/seed-<hash>.db
 */
export async function seededDatabase(): Promise<string> {
  mkdirSync(DATA_DIR, { recursive: true });
  const probe = join(DATA_DIR, `building-${process.pid}.db`);
  removeDb(probe);
  const hash = await createSchema(probe);
  const seeded = join(DATA_DIR, `seed-${hash}.db`);
  if (existsSync(seeded)) {
    removeDb(probe);
    return seeded;
  }
  const started = Date.now();
  console.log(`Seeding ${COUNTS.tickets} tickets into ${seeded} (schema ${hash}, once per schema)…`);
  fillTickets(probe);
  await addPasswords(probe);
  renameSync(probe, seeded);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return seeded;
}

/**
 * A private copy of the seeded database for one run, and a way to remove it afterwards.
 * @example const run = copyForRun(await seededDatabase()); … run.dispose();
 */
export function copyForRun(seeded: string): { file: string; dispose: () => void } {
  const dir = join(DATA_DIR, 'runs', `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'app.db');
  copyFileSync(seeded, file);
  return {
    file,
    dispose: () => {
      if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
    },
  };
}
