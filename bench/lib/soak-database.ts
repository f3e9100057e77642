/**
 * The soak's own database: a fresh SQLite file with the helpdesk's schema (`syncSchema`), the
 * bench people, and a table of tickets the size the issue measured (~50,000), so the soak
 * starts where the slow paths showed and grows from there. Built per run: it is small.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, setPassword, syncSchema } from '@ninefold/server';
import BetterSqlite3 from 'better-sqlite3';
import app from '../../examples/helpdesk/app';
import { DATA_DIR } from './bench-paths';
import { fakeTicket, TICKET_COLUMNS } from './fake-tickets';
import { Prng } from './prng';
import { BENCH_ACCOUNTS, BENCH_PASSWORD, seedPeople } from './seed-people';

const DAY = 86_400_000;

/** What a soak run works on, and a way to remove it. */
export interface SoakDatabase {
  readonly file: string;
  /** Open tickets (agents cycle them open → pending → open). */
  readonly openTicketIds: readonly string[];
  /** Every seeded ticket (gets pick among them). */
  readonly ticketIds: readonly string[];
  count(): number;
  dispose(): void;
}

/**
 * Builds a fresh database of `tickets` tickets for one soak run.
 * @example const db = await soakDatabase(50_000); … db.dispose();
 */
export async function soakDatabase(tickets: number): Promise<SoakDatabase> {
  const dir = join(DATA_DIR, 'runs', `soak-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'app.db');
  const db = openDatabase(file);
  await syncSchema(db, app);
  await db.close();
  const conn = new BetterSqlite3(file);
  const rng = new Prng(11);
  const endMs = Date.now() - DAY;
  const startMs = endMs - 90 * DAY;
  const people = seedPeople(conn, rng, { customers: 500, agents: 10 }, startMs - DAY);
  const cols = TICKET_COLUMNS.map((c) => `"${c}"`).join(', ');
  const insert = conn.prepare(
    `insert into tickets (${cols}) values (${TICKET_COLUMNS.map(() => '?').join(', ')})`,
  );
  const step = (endMs - startMs) / tickets;
  conn.transaction(() => {
    for (let i = 0; i < tickets; i++)
      insert.run(...fakeTicket(rng, people, i, tickets, Math.floor(startMs + i * step)));
  })();
  const ids = conn.prepare('select id from tickets').pluck().all() as string[];
  const open = conn.prepare("select id from tickets where status = 'open'").pluck().all() as string[];
  const byEmail = conn.prepare('select id from users where email = ?').pluck();
  const accounts = Object.values(BENCH_ACCOUNTS).map((email) => String(byEmail.get(email)));
  conn.close();
  const withPasswords = openDatabase(file);
  for (const id of accounts) await setPassword(withPasswords, id, BENCH_PASSWORD, new Date());
  await withPasswords.close();
  const reader = new BetterSqlite3(file, { readonly: true });
  return {
    file,
    openTicketIds: open,
    ticketIds: ids,
    count: () => Number(reader.prepare('select count(*) from tickets').pluck().get()),
    dispose: () => {
      reader.close();
      if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
    },
  };
}
