/**
 * The read rule is part of the WHERE clause, so the database can serve a customer's list
 * from an index instead of reading every ticket (a full scan per page view is a cost an
 * attacker can multiply). This captures the SQL the list code really runs for a customer —
 * through `listRecords` and a recording executor over the real database — and asks each
 * database for its plan on a table big enough that the planner has a real choice:
 * SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN after ANALYZE (no planner settings
 * forced).
 */
import { randomUUID } from 'node:crypto';
import app from '@ninefold/example-helpdesk';
import { listCapabilities } from '@ninefold/spec';
import { type Compilable, type CompiledQuery, CompiledQuery as Query } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListQuery } from '../../src/core/records/list-query';
import { listRecords, readListQuery } from '../../src/core/records/list-records';
import { RecordScope } from '../../src/core/records/record-scope';
import type { Caller } from '../../src/core/rules/rule-context';
import { compiled, type Executor } from '../../src/db/database';
import { type Harness, startHelpdesk } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';

const CUSTOMERS = 200;
const TICKETS_EACH = 10;
const STATES = ['new', 'open', 'pending', 'resolved', 'closed', 'cancelled'];
const ARTICLES = 1000;

interface PlanCase {
  readonly name: string;
  readonly as: 'customer' | 'agent';
  readonly entity: 'tickets' | 'comments';
  readonly query: (ids: { ticket: string }) => Record<string, string>;
  /** The table the plan must reach through an index, and the index's name prefix. */
  readonly table: string;
  readonly index: string;
}

const CASES: readonly PlanCase[] = [
  {
    name: 'a customer’s ticket list (the read rule alone)',
    as: 'customer',
    entity: 'tickets',
    query: () => ({}),
    table: 'tickets',
    index: 'ix_tickets_requester',
  },
  {
    name: 'a customer’s open tickets (the dashboard)',
    as: 'customer',
    entity: 'tickets',
    query: () => ({ 'status[in]': 'new,open,pending' }),
    table: 'tickets',
    index: 'ix_tickets_requester',
  },
  {
    name: 'a customer’s comments on one of their tickets',
    as: 'customer',
    entity: 'comments',
    query: ({ ticket }) => ({ ticket }),
    table: 'comments',
    index: 'ix_comments_ticket',
  },
  {
    name: 'an agent’s queue of new tickets',
    as: 'agent',
    entity: 'tickets',
    query: () => ({ status: 'new' }),
    table: 'tickets',
    index: 'ix_tickets_status',
  },
];

interface SortCase {
  readonly name: string;
  readonly as: 'customer' | 'agent' | 'anonymous';
  readonly entity: 'tickets' | 'comments' | 'articles';
  readonly query: (ids: { ticket: string; customer: string }) => Record<string, string>;
}

/**
 * Every sort each list takes (from the one source, both ways), as each kind of caller reads
 * it: alone, and after an equality filter on each key. Built from `listCapabilities`, so a
 * sort added to the spec is planned here too.
 */
function sortCases(): SortCase[] {
  const filtered: Record<SortCase['entity'], [SortCase['as'], string, SortCase['query']][]> = {
    tickets: [
      ['customer', 'alone', () => ({})],
      ['agent', 'alone', () => ({})],
      ['agent', 'status=open', () => ({ status: 'open' })],
      ['agent', 'requester=…', ({ customer }) => ({ requester: customer })],
    ],
    comments: [
      ['agent', 'alone', () => ({})],
      ['customer', 'ticket=…', ({ ticket }) => ({ ticket })],
    ],
    articles: [
      ['anonymous', 'alone', () => ({})],
      ['agent', 'alone', () => ({})],
      ['agent', 'published=false', () => ({ published: 'false' })],
    ],
  };
  return (Object.keys(filtered) as SortCase['entity'][]).flatMap((entity) =>
    listCapabilities(app.entities[entity]!).sorts.flatMap((field) =>
      [field, `-${field}`].flatMap((sort) =>
        filtered[entity].map(([as, what, query]) => ({
          name: `${entity} ?sort=${sort} as ${as}, ${what}`,
          as,
          entity,
          query: (ids: { ticket: string; customer: string }) => ({ ...query(ids), sort }),
        })),
      ),
    ),
  );
}

/** An executor over the real one that keeps every query it runs. */
function recording(exec: Executor, seen: CompiledQuery[]): Executor {
  return {
    dialect: exec.dialect,
    qb: exec.qb,
    all: (q: Compilable | CompiledQuery) => {
      seen.push(compiled(q));
      return exec.all(q);
    },
    run: (q) => exec.run(q),
  } as Executor;
}

interface PgPlan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgPlan[];
}

function pgNodes(plan: PgPlan): PgPlan[] {
  return [plan, ...(plan.Plans ?? []).flatMap(pgNodes)];
}

describe.each(DIALECTS)('the read rule uses an index on %s', (dialect) => {
  let h: Harness;
  let customer: Caller;
  let agent: Caller;
  let ticketOfCustomer: string;

  beforeAll(async () => {
    h = await startHelpdesk(dialect);
    const db = h.nf.db;
    const now = new Date().toISOString();
    const base = { createdAt: now, updatedAt: now, version: 1, disabled: false, team: null };
    const users = Array.from({ length: CUSTOMERS }, (_, i) => ({
      ...base,
      id: randomUUID(),
      email: `bulk-${i}@test.example`,
      name: `Bulk ${i}`,
      role: i === 0 ? 'agent' : 'customer',
    }));
    const tickets = users.slice(1).flatMap((u, i) =>
      Array.from({ length: TICKETS_EACH }, (_, k) => ({
        id: randomUUID(),
        createdAt: new Date(Date.now() - (i * TICKETS_EACH + k) * 1000).toISOString(),
        updatedAt: now,
        version: 1,
        subject: `Bulk ticket ${(i * 7919 + k) % 1999}-${k}`,
        description: 'Generated.',
        priority: 'normal',
        category: 'other',
        requester: u.id,
        assignee: null,
        team: null,
        // Spread, so a sort on it has an order to keep.
        dueAt: new Date(Date.now() + ((i * 37 + k * 11) % 997) * 60_000).toISOString(),
        tags: '[]',
        resolution: null,
        resolvedAt: null,
        satisfaction: null,
        status: STATES[k % STATES.length],
      })),
    );
    const articles = Array.from({ length: ARTICLES }, (_, i) => ({
      id: randomUUID(),
      createdAt: new Date(Date.now() - i * 1000).toISOString(),
      updatedAt: new Date(Date.now() - ((i * 7) % ARTICLES) * 1000).toISOString(),
      version: 1,
      title: `Bulk article ${i}`,
      body: 'Generated.',
      published: i % 3 !== 0,
      author: users[0]!.id,
    }));
    const comments = tickets.flatMap((t) =>
      [false, true].map((internal) => ({
        id: randomUUID(),
        createdAt: now,
        updatedAt: now,
        version: 1,
        ticket: t.id,
        author: t.requester,
        body: 'Generated comment.',
        internal,
      })),
    );
    await db.transaction(async (tx) => {
      await tx.run(tx.qb.insertInto('users').values(users));
      for (let i = 0; i < tickets.length; i += 500)
        await tx.run(tx.qb.insertInto('tickets').values(tickets.slice(i, i + 500)));
      for (let i = 0; i < comments.length; i += 500)
        await tx.run(tx.qb.insertInto('comments').values(comments.slice(i, i + 500)));
      for (let i = 0; i < articles.length; i += 500)
        await tx.run(tx.qb.insertInto('articles').values(articles.slice(i, i + 500)));
    });
    await db.exec(
      dialect === 'sqlite' ? 'ANALYZE' : 'ANALYZE users; ANALYZE tickets; ANALYZE comments; ANALYZE articles',
    );
    agent = { id: users[0]!.id, role: 'agent', email: users[0]!.email };
    const someone = users[CUSTOMERS / 2]!;
    customer = { id: someone.id, role: 'customer', email: someone.email };
    ticketOfCustomer = tickets.find((t) => t.requester === someone.id)!.id;
  }, 120_000);
  afterAll(() => h?.close());

  it.each(CASES)('$name: an index on $table, not a full scan', async (c) => {
    const caller = c.as === 'customer' ? customer : agent;
    const seen: CompiledQuery[] = [];
    const scope = new RecordScope(h.nf.core.app, recording(h.nf.db, seen), caller, new Date());
    const page = await listRecords(
      scope,
      c.entity,
      readListQuery(scope, c.entity, c.query({ ticket: ticketOfCustomer })),
    );
    // The query is the real one: it answers the caller's records and no one else's.
    if (c.as === 'customer') {
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items)
        expect(c.entity === 'tickets' ? item.requester : item.ticket).toBe(
          c.entity === 'tickets' ? customer.id : ticketOfCustomer,
        );
    }
    const list = seen.find((q) => new RegExp(`from "${c.entity}" as "?t"? `).test(q.sql));
    expect(list, seen.map((q) => q.sql).join('\n')).toBeDefined();
    if (dialect === 'sqlite') {
      const plan = await h.nf.db.all<{ detail: string }>(
        Query.raw(`EXPLAIN QUERY PLAN ${list!.sql}`, [...list!.parameters]),
      );
      const details = plan.map((p) => p.detail);
      const text = details.join('\n');
      // `SEARCH t USING INDEX ix_…` seeks into the index; `SCAN t` reads the whole table.
      expect(text).toMatch(new RegExp(`SEARCH t USING (COVERING )?INDEX ${c.index}`));
      expect(
        details.filter((d) => /^SCAN t\b/.test(d)),
        text,
      ).toEqual([]);
    } else {
      const rows = await h.nf.db.all<{ 'QUERY PLAN': [{ Plan: PgPlan }] }>(
        Query.raw(`EXPLAIN (FORMAT JSON) ${list!.sql}`, [...list!.parameters]),
      );
      const nodes = pgNodes(rows[0]!['QUERY PLAN'][0].Plan);
      const text = JSON.stringify(nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]));
      const seqOnTable = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === c.table);
      expect(seqOnTable, text).toEqual([]);
      expect(
        nodes.some((n) => n['Index Name']?.startsWith(c.index)),
        text,
      ).toBe(true);
    }
  });

  /**
   * Whether the database reads the list in its order from an index, and the plan in words.
   * PostgreSQL may still sort the few rows of one key range of the sort's own index (a
   * customer's ten tickets): it reads that range whole, as an ordered walk would, so it is
   * bounded the same way; a sort over any other index's rows is the slow path.
   */
  async function orderedByIndex(
    entity: 'tickets' | 'comments' | 'articles',
    sort: string,
    q: CompiledQuery,
  ): Promise<{ ok: boolean; text: string }> {
    if (dialect === 'sqlite') {
      const plan = await h.nf.db.all<{ detail: string }>(
        Query.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
      );
      const details = plan.map((p) => p.detail);
      // A temp B-tree for ORDER BY sorts every match; a bare `SCAN t` reads the whole table.
      const ok = !details.some((d) => /TEMP B-TREE FOR .*ORDER BY|^SCAN t$/.test(d));
      return { ok, text: details.join('\n') };
    }
    const rows = await h.nf.db.all<{ 'QUERY PLAN': [{ Plan: PgPlan }] }>(
      Query.raw(`EXPLAIN (FORMAT JSON) ${q.sql}`, [...q.parameters]),
    );
    const nodes = pgNodes(rows[0]!['QUERY PLAN'][0].Plan);
    const field = sort.replace(/^-/, '');
    const sortIndexes = listCapabilities(app.entities[entity]!)
      .indexes.filter((cols) => cols.at(-2) === field)
      .map((cols) => `ix_${entity}_${cols.join('_')}`);
    const used = nodes.flatMap((n) => n['Index Name'] ?? []).filter((i) => i.startsWith(`ix_${entity}_`));
    const sorted = nodes.some((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort');
    const ok =
      !nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === entity) &&
      (!sorted || (used.length > 0 && used.every((i) => sortIndexes.includes(i))));
    return {
      ok,
      text: JSON.stringify(nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']])),
    };
  }

  it.each(sortCases())('$name: an index gives the order, first page and next', async (c) => {
    const caller = c.as === 'customer' ? customer : c.as === 'agent' ? agent : null;
    const ids = { ticket: ticketOfCustomer, customer: customer.id };
    let cursor: string | null = null;
    for (const page of ['first', 'next']) {
      const seen: CompiledQuery[] = [];
      const scope = new RecordScope(h.nf.core.app, recording(h.nf.db, seen), caller, new Date());
      const query = { ...c.query(ids), limit: '5', ...(cursor ? { cursor } : {}) };
      const q: ListQuery = readListQuery(scope, c.entity, query);
      const answer = await listRecords(scope, c.entity, q);
      const list = seen.find((x) => new RegExp(`from "${c.entity}" as "?t"? `).test(x.sql));
      expect(list, `${page} page`).toBeDefined();
      const { ok, text } = await orderedByIndex(c.entity, c.query(ids).sort!, list!);
      expect(ok, `${page} page:\n${list!.sql}\n${text}`).toBe(true);
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
  });
});
