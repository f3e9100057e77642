/**
 * Shared setup for the workflow tests: a fake clock, callers for the core, helpdesk tickets
 * driven into any state, and raw reads of rows and the audit log that bypass every rule.
 */
import type { Caller } from '../../src/core/rules/rule-context';
import type { Database } from '../../src/db/database';
import type { Harness, TestUser } from '../helpdesk-harness';

export type TicketState = 'new' | 'open' | 'pending' | 'resolved' | 'closed' | 'cancelled';
export const STATES: readonly TicketState[] = ['new', 'open', 'pending', 'resolved', 'closed', 'cancelled'];

export type Row = Record<string, unknown>;

/**
 * A clock that moves only when told, so time windows and audit times are exact.
 * @example const clock = new FakeClock(); const h = await startHelpdesk('sqlite', { now: clock.now }); clock.advance(60_000);
 */
export class FakeClock {
  #t: number;
  constructor(start = Date.parse('2030-01-01T09:00:00.000Z')) {
    this.#t = start;
  }
  readonly now = (): Date => new Date(this.#t);
  advance(ms: number): Date {
    this.#t += ms;
    return this.now();
  }
}

/**
 * The caller object the core takes, for a signed-in test user.
 * @example await h.nf.core.create(callerOf(alice), 'tickets', { subject: 'Hello there', description: 'x' })
 */
export function callerOf(user: TestUser): Caller {
  return { id: user.id, role: user.role, email: user.email };
}

let made = 0;

/**
 * A fresh ticket of `requester`, driven into `state` through the core by the roles the
 * helpdesk allows (the agent triages, waits and resolves; the requester withdraws).
 * @example const t = await ticketIn(h, alice, agent, 'pending');
 */
export async function ticketIn(
  h: Harness,
  requester: TestUser,
  agent: TestUser,
  state: TicketState,
  fields: Row = {},
) {
  const core = h.nf.core;
  const cust = callerOf(requester);
  const staff = callerOf(agent);
  made += 1;
  const data = { subject: `Fixture ticket ${made}`, description: 'Set up.', ...fields };
  let t: Record<string, any> = await core.create(cust, 'tickets', data);
  const run = async (who: Caller, name: string, input: object = {}) => {
    t = await core.transition(who, 'tickets', String(t.id), name, input);
  };
  if (state === 'cancelled') await run(cust, 'withdraw');
  if (state === 'new' || state === 'cancelled') return t;
  await run(staff, 'triage');
  if (state === 'pending') await run(staff, 'await');
  if (state === 'resolved' || state === 'closed') await run(staff, 'resolve', { resolution: 'Set up.' });
  if (state === 'closed') await run(staff, 'close');
  return t;
}

/**
 * A stored row as it is, read past every rule.
 * @example const row = await rawRow(h.nf.db, 'tickets', id);
 */
export async function rawRow(db: Database, entity: string, id: string): Promise<Row | undefined> {
  return (await db.all<Row>(db.qb.selectFrom(entity).selectAll().where('id', '=', id)))[0];
}

/**
 * Audit entries, oldest first, optionally of one record; `changes` parsed on both dialects.
 * @example const [entry] = await auditRows(h.nf.db, ticketId);
 */
export async function auditRows(db: Database, recordId?: string): Promise<Row[]> {
  let q = db.qb.selectFrom('nf_audit').selectAll().orderBy('id');
  if (recordId !== undefined) q = q.where('recordId', '=', recordId);
  const rows = await db.all<Row>(q);
  return rows.map((r) => ({
    ...r,
    changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes,
  }));
}

/**
 * How many rows a table holds.
 * @example expect(await countRows(h.nf.db, 'nf_audit')).toBe(before);
 */
export async function countRows(db: Database, table: string): Promise<number> {
  const rows = await db.all<{ n: unknown }>(db.qb.selectFrom(table).select((e) => e.fn.countAll().as('n')));
  return Number(rows[0]?.n ?? 0);
}

/**
 * How often each value occurs.
 * @example tally(['ok', 'LIMIT', 'LIMIT']) // { ok: 1, LIMIT: 2 }
 */
export function tally(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
