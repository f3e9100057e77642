/**
 * What the workloads draw from, read once from the run's database: ticket ids to get at
 * random, the signed-in customer's own tickets, a cursor half a million records deep, and
 * open tickets for agents to move.
 */
import BetterSqlite3 from 'better-sqlite3';
import { BENCH_ACCOUNTS } from './seed-people';

/** The ids and cursors the workloads draw from. */
export interface WorkloadData {
  /** A spread sample of every ticket id (every 50th row). */
  readonly ticketIds: readonly string[];
  readonly customerId: string;
  /** Every ticket of the signed-in customer. */
  readonly customerTicketIds: readonly string[];
  /** A list cursor (default order) ~500,000 records deep. */
  readonly deepCursor: string;
  /** Open tickets, for transition cycling. */
  readonly openTicketIds: readonly string[];
}

/** The cursor format Ninefold gives out: base64url JSON of [sort value, id]. */
export function cursorOf(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

/**
 * @example const data = loadWorkloadData(run.file);
 */
export function loadWorkloadData(file: string): WorkloadData {
  const conn = new BetterSqlite3(file, { readonly: true });
  try {
    const ticketIds = conn.prepare('select id from tickets where rowid % 50 = 0').pluck().all() as string[];
    const customerId = String(
      conn.prepare('select id from users where email = ?').pluck().get(BENCH_ACCOUNTS.customer),
    );
    const customerTicketIds = conn
      .prepare('select id from tickets where requester = ?')
      .pluck()
      .all(customerId) as string[];
    const deep = conn
      .prepare('select "createdAt", id from tickets order by "createdAt" desc, id desc limit 1 offset 500000')
      .get() as { createdAt: string; id: string };
    const openTicketIds = conn
      .prepare("select id from tickets where status = 'open' order by id limit 4000")
      .pluck()
      .all() as string[];
    return {
      ticketIds,
      customerId,
      customerTicketIds,
      deepCursor: cursorOf(deep.createdAt, deep.id),
      openTicketIds,
    };
  } finally {
    conn.close();
  }
}

/** A random element of a non-empty list. */
export function anyOf<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}
