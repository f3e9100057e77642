/**
 * Point 6 of the helpdesk as table-driven HTTP scenarios, once per dialect: what a customer
 * must never see (another customer's tickets and comments, any internal note), what they
 * must never write (fields only staff or the server set, other people's rows, their own
 * role), and what an agent must not do. Each row names the expected status and code, the
 * request it must answer identically to (so a refusal tells nothing), and text that must
 * not appear in the answer.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { BOB_SECRET, C, type Fixture, get, NOTE, T, U, type Who } from './scenario';
import {
  AGENTS_DO_NOT_SEE_WHO_IS_DISABLED,
  INTERNAL_NOTES_NEVER_REACH_A_CUSTOMER,
  NEVER_SEES_ANOTHER_CUSTOMERS_TICKET,
  STALE_VERSIONS_TELL_NOTHING,
  THE_AUDIT_LOG_IS_FOR_ADMINS,
} from './scenarios-reading';
import {
  AGENT_CANNOT_DELETE,
  CUSTOMER_CANNOT_CHANGE,
  NO_MASS_ASSIGNMENT,
  NOT_INTO_SOMEONE_ELSES_ROW,
  THE_SIGNED_OUT,
} from './scenarios-writing';

const TABLES = [
  ['a customer never sees another customer’s ticket', NEVER_SEES_ANOTHER_CUSTOMERS_TICKET],
  ['internal notes never reach a customer', INTERNAL_NOTES_NEVER_REACH_A_CUSTOMER],
  ['a customer cannot change', CUSTOMER_CANNOT_CHANGE],
  ['an agent cannot delete', AGENT_CANNOT_DELETE],
  ['no mass assignment', NO_MASS_ASSIGNMENT],
  ['a customer cannot write themselves into someone else’s row', NOT_INTO_SOMEONE_ELSES_ROW],
  ['the signed out', THE_SIGNED_OUT],
  ['the audit log is for admins only', THE_AUDIT_LOG_IS_FOR_ADMINS],
  ['refusals tell nothing about a hidden record', STALE_VERSIONS_TELL_NOTHING],
  ['agents do not see who is disabled', AGENTS_DO_NOT_SEE_WHO_IS_DISABLED],
] as const;

function problemIssues(res: LightMyRequestResponse): string[] {
  return ((res.json().errors ?? []) as { path: string; code: string }[]).map((e) => `${e.path}:${e.code}`);
}

describe.each(DIALECTS)('helpdesk permission scenarios on %s', (dialect) => {
  let h: Harness;
  let f: Fixture;
  // A fake clock that moves on with every write: the rows here are not about the write rate limit.
  let clock = Date.now();
  const as = (who: Who, o: InjectOptions) => {
    if (o.method !== 'GET') clock += 2_500;
    return h.request({ ...o, headers: { ...(who === 'anonymous' ? {} : f[who].headers), ...o.headers } });
  };
  const comment = async (who: TestUser, ticket: string, body: string, internal?: boolean) => {
    const res = await h.request({
      method: 'POST',
      url: C,
      headers: who.headers,
      payload: { ticket, body, ...(internal ? { internal } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return String(res.json().id);
  };

  beforeAll(async () => {
    h = await startHelpdesk(dialect, { now: () => new Date(clock) });
    const [alice, bob, agent, admin] = [
      await h.user('customer', 'Alice'),
      await h.user('customer', 'Bob'),
      await h.user('agent'),
      await h.user('admin'),
    ];
    const article = async (title: string, published: boolean) => {
      const res = await h.request({
        method: 'POST',
        url: '/api/entities/articles',
        headers: admin.headers,
        payload: { title, body: 'Text.', published },
      });
      expect(res.statusCode, res.body).toBe(201);
      return String(res.json().id);
    };
    const gone = await h.user('customer', 'Gone');
    const off = await h.request({
      method: 'PATCH',
      url: `${U}/${gone.id}`,
      headers: admin.headers,
      payload: { disabled: true },
    });
    expect(off.statusCode, off.body).toBe(200);
    const aliceTicket = await h.ticket(alice);
    const bobTicket = await h.ticket(bob, { subject: `Bob ${BOB_SECRET}` });
    f = {
      alice,
      bob,
      agent,
      admin,
      aliceTicket,
      bobTicket,
      alicePublic: await comment(alice, aliceTicket.id, 'alice public question'),
      aliceNote: await comment(agent, aliceTicket.id, `${NOTE} about alice`, true),
      bobPublic: await comment(bob, bobTicket.id, 'bob public question'),
      bobNote: await comment(agent, bobTicket.id, `${NOTE} about bob`, true),
      published: await article('How to reset a password', true),
      draft: await article('Draft only, not ready', false),
      gone: gone.id,
    };
  });
  afterAll(() => h?.close());

  describe.each(TABLES)('%s', (_title, table) => {
    it.each(table)('$name', async (s) => {
      const res = await as(s.as, s.request(f));
      expect(res.statusCode, res.body).toBe(s.status);
      if (s.code) expect(res.json().code).toBe(s.code);
      if (s.errors) expect(problemIssues(res).sort()).toEqual([...s.errors].sort());
      if (s.items)
        expect((res.json().items as { id: string }[]).map((i) => i.id).sort()).toEqual(
          [...s.items(f)].sort(),
        );
      for (const text of s.absent?.(f) ?? []) expect(res.body).not.toContain(text);
      if (s.sameAs) {
        const other = await as(s.as, s.sameAs(f));
        expect({ status: other.statusCode, body: other.json() }).toEqual({
          status: res.statusCode,
          body: res.json(),
        });
      }
    });
  });

  it('leaves every refused write undone: the tickets, comments and users are as they were', async () => {
    const ticket = (await as('admin', get(`${T}/${f.aliceTicket.id}`))).json();
    // Only the allowed subject change went through.
    expect(ticket).toMatchObject({
      subject: 'Printer still on fire',
      priority: 'normal',
      status: 'new',
      requester: f.alice.id,
      version: 2,
    });
    expect((await as('admin', get(`${T}/${f.bobTicket.id}`))).json()).toMatchObject({
      requester: f.bob.id,
      version: 1,
    });
    const users = (await as('admin', get(`${U}?limit=100`))).json().items as Record<string, unknown>[];
    expect(users.find((u) => u.id === f.alice.id)).toMatchObject({
      role: 'customer',
      disabled: false,
      name: 'Alice A.',
    });
    expect(users.find((u) => u.id === f.bob.id)).toMatchObject({ role: 'customer', name: 'Bob' });
    expect(users.find((u) => u.id === f.agent.id)).toMatchObject({ role: 'agent' });
    // No account came out of a refused sign-up.
    expect(users.filter((u) => String(u.email).startsWith('mass-'))).toEqual([]);
    const comments = (await as('admin', get(`${C}?limit=100`))).json().items as Record<string, unknown>[];
    expect(comments.map((c) => c.body).sort()).toEqual(
      ['alice public question', `${NOTE} about alice`, 'bob public question', `${NOTE} about bob`].sort(),
    );
  });

  it('a refused sign-up with a role leaves the email free, and signing up properly gives a customer', async () => {
    const email = 'mass-role@test.example';
    const login = await h.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a-long-enough-password' },
    });
    expect(login.statusCode).toBe(401);
    const res = await h.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, name: 'Mallory', password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.role).toBe('customer');
  });
});
