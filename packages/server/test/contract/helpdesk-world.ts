/**
 * The helpdesk with known data for the contract tables: customers, an agent and an admin;
 * tickets spread over priorities, categories, states, versions, assignees and ratings (so
 * every filter keeps some and drops some); and 105 articles (more than the largest page)
 * with repeated titles, so keyset pages are tested across ties.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { setPassword } from '../../src/core/accounts/accounts';
import { startSession } from '../../src/core/accounts/sessions';
import { createRecord } from '../../src/core/records/write-records';
import type { DialectName } from '../../src/db/database';
import { type Harness, PASSWORD, startHelpdesk, type TestUser } from '../helpdesk-harness';

/** A record or answer body as the tests read it. */
export type Rec = Record<string, any>;

/** The running helpdesk and the data the rows are written against. */
export interface World {
  readonly h: Harness;
  readonly send: (o: InjectOptions) => Promise<LightMyRequestResponse>;
  readonly alice: TestUser;
  readonly bob: TestUser;
  readonly agent: TestUser;
  readonly admin: TestUser;
  /** Alice's tickets by role in the data, and Bob's one ticket. */
  readonly tickets: {
    readonly printer: Rec;
    readonly billing: Rec;
    readonly rated: Rec;
    readonly other: Rec;
    readonly bobs: Rec;
  };
  readonly articleCount: number;
  /** A new customer, so a row's writes meet no quota or rate limit left by another row. */
  customer(): Promise<TestUser>;
  /** A new customer with one new ticket. */
  freshTicket(fields?: Record<string, unknown>): Promise<{ user: TestUser; ticket: Rec }>;
  /** Every record of an entity the user may read, following `nextCursor` to the end. */
  all(user: TestUser | null, entity: string, query?: string): Promise<Rec[]>;
}

/** Sends a request and fails the test unless it answers `status`. */
export async function must(send: World['send'], options: InjectOptions, status: number): Promise<Rec> {
  const res = await send(options);
  expect(res.statusCode, `${options.method} ${String(options.url)}: ${res.body.slice(0, 300)}`).toBe(status);
  return res.body ? res.json() : {};
}

/** More articles than the largest page (100), so the cap and the last page both show. */
export const ARTICLE_COUNT = 105;

let made = 0;

/**
 * A signed-in user without a password: created as the system with a session started
 * directly, as password hashing costs a tenth of a second per user. Sign-in itself has
 * rows of its own.
 * @example const carol = await quickUser(h, 'customer');
 */
export async function quickUser(h: Harness, role = 'customer', name?: string): Promise<TestUser> {
  made += 1;
  const email = `${role}${made}-${Date.now()}@world.example`;
  const user = await h.nf.core.create(null, 'users', { email, name: name ?? `${role} ${made}`, role }, true);
  const id = String(user.id);
  const token = await h.nf.db.transaction((tx) => startSession(tx, id, new Date()));
  return { id, email, role, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * @example const w = await buildWorld('sqlite'); … await w.h.close();
 */
export async function buildWorld(dialect: DialectName): Promise<World> {
  const h = await startHelpdesk(dialect);
  const send = h.request;
  const [alice, bob, agent, admin] = await Promise.all([
    quickUser(h, 'customer', 'Alice'),
    quickUser(h, 'customer', 'Bob'),
    quickUser(h, 'agent', 'Agent'),
    quickUser(h, 'admin', 'Admin'),
  ]);
  // Only the customers sign in with a password in the rows.
  await Promise.all([alice, bob].map((u) => setPassword(h.nf.db, u.id, PASSWORD, new Date())));
  const printer = await h.ticket(alice, {
    subject: 'alpha printer jam',
    priority: 'low',
    category: 'technical',
    tags: ['printer'],
  });
  const billing = await h.ticket(alice, {
    subject: 'bravo Billing question',
    priority: 'high',
    category: 'billing',
  });
  let rated = await h.ticket(alice, {
    subject: 'charlie account locked',
    priority: 'urgent',
    category: 'account',
  });
  const other = await h.ticket(alice, { subject: 'delta other thing' });
  const bobs = await h.ticket(bob, { subject: 'echo bob private ticket', priority: 'high' });
  // One ticket walks the machine, so versions, assignee, resolution and satisfaction vary.
  const at = (id: string, name: string) => `/api/entities/tickets/${id}/transitions/${name}`;
  await must(
    send,
    { method: 'POST', url: at(rated.id, 'triage'), headers: agent.headers, payload: { assignee: agent.id } },
    200,
  );
  await must(
    send,
    {
      method: 'POST',
      url: at(rated.id, 'resolve'),
      headers: agent.headers,
      payload: { resolution: 'Unlocked.' },
    },
    200,
  );
  rated = await must(
    send,
    {
      method: 'PATCH',
      url: `/api/entities/tickets/${rated.id}`,
      headers: alice.headers,
      payload: { satisfaction: 4 },
    },
    200,
  );
  await must(
    send,
    {
      method: 'PATCH',
      url: `/api/entities/tickets/${billing.id}`,
      headers: alice.headers,
      payload: { description: 'Charged twice.' },
    },
    200,
  );

  // One transaction through the core's own create: quick on PostgreSQL, and every article
  // gets the same createdAt, so the default sort pages across nothing but ties.
  await h.nf.db.transaction(async (tx) => {
    const scope = h.nf.core.scope({ id: admin.id, role: 'admin', email: admin.email }).on(tx);
    for (let i = 0; i < ARTICLE_COUNT; i++) {
      await createRecord(scope, 'articles', {
        title: `article-${i % 10}`,
        body: `Body ${i}`,
        published: i % 3 !== 0,
      });
    }
  });

  const customer = () => quickUser(h);
  const all: World['all'] = async (user, entity, query = '') => {
    const out: Rec[] = [];
    let cursor: string | null = null;
    do {
      const q = `${query}${query ? '&' : ''}limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const page: Rec = await must(
        send,
        { method: 'GET', url: `/api/entities/${entity}?${q}`, headers: user?.headers ?? {} },
        200,
      );
      out.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  };
  return {
    h,
    send,
    alice,
    bob,
    agent,
    admin,
    tickets: { printer, billing, rated, other, bobs },
    articleCount: ARTICLE_COUNT,
    customer,
    freshTicket: async (fields = {}) => {
      const user = await customer();
      return { user, ticket: await h.ticket(user, fields) };
    },
    all,
  };
}
