/**
 * The people of the seeded helpdesk: teams, ~2,000 customers, a few dozen agents and an
 * admin, inserted directly. The accounts the benchmark signs in with are fixed here.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { People } from './fake-tickets';
import { type Prng, uuid7At } from './prng';

/** The password of every account the benchmark signs in with. */
export const BENCH_PASSWORD = 'bench-password-1';

/** The accounts the benchmark signs in with, by role. */
export const BENCH_ACCOUNTS = {
  agent: 'agent00@bench.example',
  customer: 'customer0000@bench.example',
  admin: 'admin@bench.example',
} as const;

const TEAM_NAMES = ['Billing', 'Platform', 'Accounts', 'Mobile', 'Integrations'];

/**
 * Inserts teams and users; returns their ids for the tickets to refer to.
 * @example const people = seedPeople(conn, rng, { customers: 2000, agents: 40 }, Date.now());
 */
export function seedPeople(
  conn: BetterSqlite3.Database,
  rng: Prng,
  counts: { readonly customers: number; readonly agents: number },
  startMs: number,
): People {
  const at = new Date(startMs).toISOString();
  const id = () => uuid7At(startMs, () => rng.next());
  const teams = TEAM_NAMES.map(() => id());
  const insertTeam = conn.prepare(
    'insert into teams (id, "createdAt", "updatedAt", version, name) values (?, ?, ?, 1, ?)',
  );
  const insertUser = conn.prepare(
    'insert into users (id, "createdAt", "updatedAt", version, email, name, role, disabled, team) values (?, ?, ?, 1, ?, ?, ?, 0, ?)',
  );
  const customers: string[] = [];
  const agents: string[] = [];
  conn.transaction(() => {
    for (const [i, teamId] of teams.entries()) insertTeam.run(teamId, at, at, TEAM_NAMES[i]);
    insertUser.run(id(), at, at, BENCH_ACCOUNTS.admin, 'Bench Admin', 'admin', null);
    for (let i = 0; i < counts.agents; i++) {
      const userId = id();
      const email = `agent${String(i).padStart(2, '0')}@bench.example`;
      insertUser.run(userId, at, at, email, `Agent ${i}`, 'agent', rng.pick(teams));
      agents.push(userId);
    }
    for (let i = 0; i < counts.customers; i++) {
      const userId = id();
      const email = `customer${String(i).padStart(4, '0')}@bench.example`;
      insertUser.run(userId, at, at, email, `Customer ${i}`, 'customer', null);
      customers.push(userId);
    }
  })();
  return { customers, agents, teams };
}
