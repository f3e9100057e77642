/**
 * A helpdesk (or a deliberately broken copy of it) running in-process on one dialect with a
 * fake clock, filled through the HTTP API with users of every role, tickets of several
 * customers in every state, public comments and internal notes, published and draft
 * articles, and teams. Rows are read back and cloned with plain SQL, so the oracle's view
 * of the data never passes through the access rules under test.
 */
import { randomUUID } from 'node:crypto';
import type { App } from '@ninefold/spec';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { setPassword } from '../../src/core/accounts/accounts';
import type { DialectName } from '../../src/db/database';
import { createNinefold, type Ninefold } from '../../src/start-app';
import { PASSWORD } from '../helpdesk-harness';
import { freshDatabase } from '../test-databases';
import { type Actor, type EntityName, type Role, type Row, STATE_NAMES, type World } from './helpdesk-oracle';

export const ENTITIES: readonly EntityName[] = ['users', 'teams', 'tickets', 'comments', 'articles'];
const BOOLEAN_FIELDS = new Set(['internal', 'published', 'disabled']);
const JSON_FIELDS = new Set(['tags']);
const DAY = 86_400_000;
// Every write moves the clock on, so no customer reaches 30 writes in a minute of fake time.
const WRITE_STEP_MS = 2_500;

export interface PopActor extends Actor {
  readonly name: string;
  readonly headers: Record<string, string>;
}

export interface Running {
  readonly nf: Ninefold;
  readonly app: App;
  readonly dialect: DialectName;
  /** The database it runs on. */
  readonly url: string;
  /** The server's clock, in milliseconds; tests move it. */
  clock: number;
  /** A request through `inject`; a write first moves the clock on. */
  send(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Crash durability is not under test here, and waiting for PostgreSQL's WAL flush on each of
 * thousands of throwaway writes is most of the file's time: commits return before the flush.
 * Every answer and every rule is the same either way.
 */
function withoutCommitWait(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) return url;
  const u = new URL(url);
  u.searchParams.set('options', `${u.searchParams.get('options') ?? ''} -c synchronous_commit=off`.trim());
  return u.toString();
}

async function serve(
  app: App,
  dialect: DialectName,
  url: string,
  clock: number,
  drop: () => Promise<void>,
): Promise<Running> {
  const holder = { clock };
  const nf = await createNinefold(app, {
    database: withoutCommitWait(url),
    now: () => new Date(holder.clock),
  });
  return {
    nf,
    app,
    dialect,
    url,
    get clock() {
      return holder.clock;
    },
    set clock(t: number) {
      holder.clock = t;
    },
    send: (o) => {
      if (o.method !== 'GET') holder.clock += WRITE_STEP_MS;
      return nf.server.inject(o);
    },
    close: async () => {
      await nf.close();
      await drop();
    },
  };
}

/**
 * The app on a fresh database of the dialect.
 * @example const r = await startApp(helpdesk, 'sqlite'); await r.send({ method: 'GET', url: '/api/health' });
 */
export async function startApp(app: App, dialect: DialectName): Promise<Running> {
  const tdb = await freshDatabase(dialect);
  return serve(app, dialect, tdb.url, Date.now(), () => tdb.drop());
}

/**
 * Another app (a changed copy of the first) served from the same database, so it sees the
 * same population and sessions; closing it leaves the database to its owner.
 * @example const leaky = await serveAlongside(brokenApp, r);
 */
export function serveAlongside(app: App, owner: Running): Promise<Running> {
  return serve(app, owner.dialect, owner.url, owner.clock, async () => {});
}

export interface Population {
  /** Everyone who calls: anonymous first, then one or more of every role. */
  readonly actors: readonly PopActor[];
  readonly byName: Readonly<Record<string, PopActor>>;
  readonly teamIds: readonly string[];
}

async function ok(res: LightMyRequestResponse, what: string): Promise<Record<string, any>> {
  if (res.statusCode >= 300) throw new Error(`population: ${what} failed with ${res.statusCode} ${res.body}`);
  return res.statusCode === 204 ? {} : res.json();
}

async function makeUser(r: Running, role: Exclude<Role, 'anonymous'>, name: string): Promise<PopActor> {
  const email = `${name}-${randomUUID().slice(0, 8)}@test.example`;
  const user = await r.nf.core.create(null, 'users', { email, name, role }, true);
  await setPassword(r.nf.db, String(user.id), PASSWORD, new Date());
  const res = await r.send({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  const { token } = await ok(res, `login of ${name}`);
  return { id: String(user.id), role, name, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Fills the app with a population that covers every role, state and visibility.
 * @example const pop = await buildPopulation(await startApp(helpdesk, 'sqlite'));
 */
export async function buildPopulation(r: Running): Promise<Population> {
  const anonymous: PopActor = { id: null, role: 'anonymous', name: 'anonymous', headers: {} };
  const admin = await makeUser(r, 'admin', 'admin');
  const agent1 = await makeUser(r, 'agent', 'agent1');
  const agent2 = await makeUser(r, 'agent', 'agent2');
  const customers = [
    await makeUser(r, 'customer', 'cust1'),
    await makeUser(r, 'customer', 'cust2'),
    await makeUser(r, 'customer', 'cust3'),
    // cust4 has no tickets at all.
    await makeUser(r, 'customer', 'cust4'),
  ];
  await r.nf.core.create(
    null,
    'users',
    {
      email: `disabled-${randomUUID().slice(0, 8)}@test.example`,
      name: 'Gone',
      role: 'customer',
      disabled: true,
    },
    true,
  );
  const post = async (who: PopActor, url: string, payload: object) =>
    ok(await r.send({ method: 'POST', url, headers: who.headers, payload }), `POST ${url} as ${who.name}`);
  const patch = async (who: PopActor, url: string, payload: object) =>
    ok(await r.send({ method: 'PATCH', url, headers: who.headers, payload }), `PATCH ${url} as ${who.name}`);

  const support = await post(admin, '/api/entities/teams', { name: 'Support', description: 'First line.' });
  const billing = await post(admin, '/api/entities/teams', { name: 'Billing' });
  await patch(admin, `/api/entities/users/${agent1.id}`, { team: support.id });
  for (const [i, published] of [true, true, true, false, false].entries()) {
    await post(admin, '/api/entities/articles', {
      title: `Article number ${i}`,
      body: `Body ${i}`,
      published,
    });
  }

  const agents = [agent1, agent2];
  const tx = (who: PopActor, id: string, name: string, input: object = {}) =>
    post(who, `/api/entities/tickets/${id}/transitions/${name}`, input);
  const fileTicket = async (c: PopActor, i: number, state: (typeof STATE_NAMES)[number]) => {
    const t = await post(c, '/api/entities/tickets', {
      subject: `${c.name} ticket ${i} (${state})`,
      description: 'It does not work.',
      priority: ['low', 'normal', 'high', 'urgent'][i % 4],
    });
    const id = String(t.id);
    await post(c, '/api/entities/comments', { ticket: id, body: `public question from ${c.name}` });
    if (state === 'cancelled') return void (await tx(c, id, 'withdraw'));
    if (state === 'new') return;
    const agent = agents[i % 2]!;
    await tx(agent, id, 'triage', i % 3 === 0 ? {} : { assignee: agent.id, team: support.id });
    await post(agent, '/api/entities/comments', { ticket: id, body: `public reply on ${id}` });
    if (i % 2 === 0)
      await post(agent, '/api/entities/comments', {
        ticket: id,
        body: `internal note on ${id}`,
        internal: true,
      });
    if (state === 'pending') await tx(agent, id, 'await');
    if (state === 'resolved' || state === 'closed') await tx(agent, id, 'resolve', { resolution: 'Fixed.' });
    if (state === 'closed') {
      await tx(c, id, 'close');
      await patch(c, `/api/entities/tickets/${id}`, { satisfaction: 4 });
    }
  };

  // A ticket resolved eight days ago: past the reopen window.
  const start = r.clock;
  r.clock = start - 8 * DAY;
  await fileTicket(customers[0]!, 1, 'resolved');
  r.clock = start;
  for (const [ci, c] of customers.slice(0, 3).entries()) {
    for (const [si, state] of STATE_NAMES.entries()) await fileTicket(c, ci * STATE_NAMES.length + si, state);
  }
  const adminTicket = await post(admin, '/api/entities/tickets', {
    subject: 'Admin filed this one',
    description: 'Internal follow-up.',
  });
  await post(agent1, '/api/entities/comments', {
    ticket: adminTicket.id,
    body: 'internal note on the admin ticket',
    internal: true,
  });
  // An admin's own ticket, resolved: the one ticket an admin may rate (as its requester).
  const adminResolved = await post(admin, '/api/entities/tickets', {
    subject: 'Admin asked for this',
    description: 'Please look.',
  });
  await tx(agent2, String(adminResolved.id), 'triage');
  await tx(agent2, String(adminResolved.id), 'resolve', { resolution: 'Done.' });
  const actors = [anonymous, admin, agent1, agent2, ...customers];
  return {
    actors,
    byName: Object.fromEntries(actors.map((a) => [a.name, a])),
    teamIds: [String(support.id), String(billing.id)],
  };
}

function normalize(row: Record<string, unknown>): Row {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof Date) out[k] = v.toISOString();
    else if (BOOLEAN_FIELDS.has(k) && v !== null) out[k] = v === true || v === 1;
    else if (k === 'version') out[k] = Number(v);
    else if (JSON_FIELDS.has(k) && typeof v === 'string') out[k] = JSON.parse(v);
    else out[k] = v;
  }
  return out;
}

/** One stored row, read with plain SQL (no access rules), or undefined. */
export async function rawRow(r: Running, entity: EntityName, id: string): Promise<Row | undefined> {
  const rows = await r.nf.db.all<Record<string, unknown>>(
    sql`select * from ${sql.table(entity)} where id = ${id}`.compile(r.nf.db.qb),
  );
  return rows[0] ? normalize(rows[0]) : undefined;
}

/** Every stored row, read with plain SQL: the oracle's view of the data. */
export async function loadWorld(r: Running): Promise<World> {
  const rows = {} as Record<EntityName, Map<string, Row>>;
  for (const e of ENTITIES) {
    const all = await r.nf.db.all<Record<string, unknown>>(
      sql`select * from ${sql.table(e)}`.compile(r.nf.db.qb),
    );
    rows[e] = new Map(all.map((row) => [String(row.id), normalize(row)]));
  }
  return { rows, now: new Date(r.clock) };
}

function columnsOf(app: App, entity: EntityName): string[] {
  return ['id', 'createdAt', 'updatedAt', 'version', ...Object.keys(app.entities[entity]!.fields)];
}

/**
 * A copy of a stored row under a new id (unique fields made unique), for a write that must
 * not touch the population; returns the copy as the oracle sees it.
 */
export async function cloneRow(r: Running, entity: EntityName, source: Row): Promise<Row> {
  const id = randomUUID();
  const overrides: Record<string, string> = { id };
  if (entity === 'users') overrides.email = `clone-${id}@test.example`;
  if (entity === 'teams') overrides.name = `Clone ${id}`;
  const cols = columnsOf(r.app, entity);
  const picks = cols.map((c) => (c in overrides ? sql`${overrides[c]}` : sql.ref(c)));
  await r.nf.db.run(
    sql`insert into ${sql.table(entity)} (${sql.join(cols.map((c) => sql.ref(c)))}) select ${sql.join(picks)} from ${sql.table(entity)} where id = ${String(source.id)}`.compile(
      r.nf.db.qb,
    ),
  );
  return { ...source, ...overrides };
}

/** Removes a row with plain SQL (a clone, or a record a case created). */
export async function removeRow(r: Running, entity: EntityName, id: string): Promise<void> {
  await r.nf.db.run(sql`delete from ${sql.table(entity)} where id = ${id}`.compile(r.nf.db.qb));
}

/** Puts a stored row back as it was (after a write a case made on a real row). */
export async function restoreRow(r: Running, entity: EntityName, before: Row): Promise<void> {
  const now = await rawRow(r, entity, String(before.id));
  if (!now || now.version === before.version) return;
  const cols = columnsOf(r.app, entity).filter((c) => c !== 'id');
  const values = cols.map((c) => {
    const v = before[c];
    return sql`${sql.ref(c)} = ${typeof v === 'boolean' && r.dialect === 'sqlite' ? Number(v) : Array.isArray(v) ? JSON.stringify(v) : v}`;
  });
  await r.nf.db.run(
    sql`update ${sql.table(entity)} set ${sql.join(values)} where id = ${String(before.id)}`.compile(
      r.nf.db.qb,
    ),
  );
}

/** How many rows an entity has now. */
export async function rowCount(r: Running, entity: EntityName): Promise<number> {
  const rows = await r.nf.db.all<{ n: number }>(
    sql`select count(*) as n from ${sql.table(entity)}`.compile(r.nf.db.qb),
  );
  return Number(rows[0]?.n ?? 0);
}
