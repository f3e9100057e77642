import { createNinefold, type Ninefold } from '@ninefold/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from './app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedHelpdesk } from './seed';

type Row = Record<string, unknown>;

describe('seedHelpdesk', () => {
  let nf: Ninefold;
  const rows = (table: string) => nf.db.all<Row>(nf.db.qb.selectFrom(table).selectAll());

  beforeAll(async () => {
    nf = await createNinefold(app, { database: ':memory:' });
    expect(await seedHelpdesk(nf.core)).toBe(true);
  });
  afterAll(() => nf.close());

  it('creates the five demo accounts, agents on the Support team, all signing in with the demo password', async () => {
    const users = await rows('users');
    const [support] = await rows('teams');
    expect(support).toMatchObject({ name: 'Support' });
    expect(users.map((u) => [u.email, u.role, u.team]).sort()).toEqual([
      ['admin@helpdesk.test', 'admin', null],
      ['agent2@helpdesk.test', 'agent', support!.id],
      ['agent@helpdesk.test', 'agent', support!.id],
      ['alice@helpdesk.test', 'customer', null],
      ['bob@helpdesk.test', 'customer', null],
    ]);
    expect(DEMO_ACCOUNTS.map((a) => a.email).sort()).toEqual(users.map((u) => u.email).sort());
    for (const { email } of DEMO_ACCOUNTS) {
      const res = await nf.server.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, email).toBe(200);
    }
  });

  it('files a dozen tickets that end in every status, none over the open-ticket limit', async () => {
    const tickets = await rows('tickets');
    expect(tickets).toHaveLength(12);
    const statuses = new Set(tickets.map((t) => String(t.status)));
    expect([...statuses].sort()).toEqual(['cancelled', 'closed', 'new', 'open', 'pending', 'resolved']);
    const customers = (await rows('users')).filter((u) => u.role === 'customer');
    for (const c of customers) {
      const theirs = tickets.filter((t) => t.requester === c.id);
      expect(theirs.length).toBeGreaterThan(0);
      expect(
        theirs.filter((t) => ['new', 'open', 'pending'].includes(String(t.status))).length,
      ).toBeLessThanOrEqual(5);
    }
    const resolved = tickets.filter((t) => t.status === 'resolved');
    expect(resolved.every((t) => typeof t.resolution === 'string' && t.resolvedAt)).toBe(true);
    expect(tickets.some((t) => t.status === 'closed' && t.satisfaction === 5)).toBe(true);
  });

  it('gives tickets a real history: transitions run by agents, customers and triggers, public comments and internal notes', async () => {
    const audit = await rows('nf_audit');
    const transitions = audit.filter((a) => a.entity === 'tickets' && a.operation === 'transition');
    expect(new Set(transitions.map((a) => a.name))).toEqual(
      new Set(['triage', 'await', 'respond', 'resolve', 'reopen', 'close', 'withdraw']),
    );
    // A customer's reply to a pending ticket reopens it as the system (no actor).
    expect(new Set(transitions.map((a) => a.actorRole))).toEqual(new Set(['agent', 'customer', null]));
    expect(transitions.filter((a) => a.name === 'respond').every((a) => a.actor === null)).toBe(true);
    const comments = await rows('comments');
    const internal = comments.filter((c) => c.internal === 1 || c.internal === true);
    expect(internal.length).toBeGreaterThan(0);
    expect(comments.length - internal.length).toBeGreaterThan(internal.length);
    const users = new Map((await rows('users')).map((u) => [u.id, u.role]));
    expect(internal.every((c) => users.get(c.author) === 'agent')).toBe(true);
  });

  it('publishes three articles and keeps one draft', async () => {
    const articles = await rows('articles');
    expect(articles.filter((a) => a.published === 1 || a.published === true)).toHaveLength(3);
    expect(articles.filter((a) => a.published === 0 || a.published === false)).toHaveLength(1);
  });

  it('refuses to seed again once there are users, without writing anything', async () => {
    const before = (await rows('tickets')).length;
    expect(await seedHelpdesk(nf.core)).toBe(false);
    expect(await seedHelpdesk(nf.core, { force: true })).toBe(false);
    expect(await rows('tickets')).toHaveLength(before);
  });
});

describe('seedHelpdesk with force', () => {
  it('seeds beside existing users, but not twice', async () => {
    const nf = await createNinefold(app, { database: ':memory:' });
    try {
      await nf.core.create(null, 'users', { email: 'ops@example.test', name: 'Ops', role: 'admin' }, true);
      expect(await seedHelpdesk(nf.core)).toBe(false);
      expect(await seedHelpdesk(nf.core, { force: true })).toBe(true);
      expect(await nf.db.all(nf.db.qb.selectFrom('users').select('id'))).toHaveLength(6);
    } finally {
      await nf.close();
    }
  });
});
