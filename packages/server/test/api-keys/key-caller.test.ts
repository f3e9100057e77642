/**
 * Who a key is, once per dialect: its owner and never more — a narrowed key acts as the
 * narrower role, an expired key, a disabled owner, an owner who no longer holds the key's
 * role, a revoked key are all refused; its writes count in its owner's buckets; its last use
 * is noted at most once a minute; sockets opened with it close when it is revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDigest } from '../../src/core/accounts/sessions';
import type { RealtimeClient } from '../../src/realtime/realtime-hub';
import { sweepSessions } from '../../src/realtime/session-sweep';
import { DIALECTS } from '../test-databases';
import { bearer, type KeyHarness, keyHarness, type Person } from './key-harness';
import { AGENT_WRITES, keysApp } from './keys-app';

type Json = Record<string, any>;

describe.each(DIALECTS)('a key’s caller on %s', (dialect) => {
  let h: KeyHarness;
  let agent: Person;
  let admin: Person;
  let customer: Person;
  let ticket: Json;
  beforeAll(async () => {
    h = await keyHarness(keysApp({ agentWrites: true }), dialect);
    agent = await h.person('agent');
    admin = await h.person('admin');
    customer = await h.person('customer');
    ticket = (
      await h.send({
        method: 'POST',
        url: '/api/entities/tickets',
        headers: customer.headers,
        payload: { subject: 'For the keys', description: 'A ticket agents comment on.' },
      })
    ).json();
  }, 60_000);
  afterAll(() => h?.close());

  const key = async (who: Person, body: Json = { name: 'k' }) => {
    const res = await h.makeKey(who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  };
  const me = (token: string) => h.send({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const tickets = async (headers: Record<string, string>) => {
    const res = await h.send({ method: 'GET', url: '/api/entities/tickets?limit=100', headers });
    expect(res.statusCode).toBe(200);
    return (res.json().items as Json[]).map((t) => t.id).sort();
  };

  it('a key narrowed to customer acts as a customer, not as its agent owner', async () => {
    h.t.clock.advance({ minutes: 5 });
    const narrowed = await key(agent, { name: 'as customer', role: 'customer' });
    expect(narrowed.role).toBe('customer');
    expect(await tickets(agent.headers)).toContain(ticket.id);
    // A customer reads only the tickets they filed: the agent filed none.
    expect(await tickets(bearer(narrowed.key))).toEqual([]);
    const triage = await h.send({
      method: 'POST',
      url: `/api/entities/tickets/${ticket.id}/transitions/triage`,
      headers: bearer(narrowed.key),
      payload: {},
    });
    expect([403, 404]).toContain(triage.statusCode);
    const note = await h.send({
      method: 'POST',
      url: '/api/entities/comments',
      headers: bearer(narrowed.key),
      payload: { ticket: ticket.id, body: 'an internal note', internal: true },
    });
    expect(note.statusCode).toBeGreaterThanOrEqual(400);
    // Its own key, unnarrowed, does what the agent does.
    const full = await key(agent, { name: 'as agent' });
    expect(await tickets(bearer(full.key))).toEqual(await tickets(agent.headers));
    // /me says which role the rules judge each key by.
    expect((await me(narrowed.key)).json().user).toMatchObject({ role: 'agent', actingRole: 'customer' });
    expect((await me(full.key)).json().user.actingRole).toBeUndefined();
  });

  it('a key is no session: signing out with it ends nothing and closes none of its sockets', async () => {
    const k = await key(customer, { name: 'not a session' });
    const heard: unknown[] = [];
    const stop = h.t.core.bus.listen((e) => heard.push(e));
    const out = await h.send({ method: 'POST', url: '/api/auth/logout', headers: bearer(k.key) });
    stop();
    expect(out.statusCode).toBe(204);
    expect(heard).toEqual([]);
    expect((await me(k.key)).statusCode).toBe(200);
  });

  it.each([
    {
      name: 'has expired',
      end: async (k: Json) => {
        h.t.clock.advance({ hours: 2 });
        return k;
      },
      body: () => ({
        name: 'short',
        expiresAt: new Date(h.t.clock.now().getTime() + 3_600_000).toISOString(),
      }),
    },
    {
      name: 'belongs to a disabled account',
      end: async (k: Json, owner: Person) => {
        const res = await h.send({
          method: 'PATCH',
          url: `/api/entities/users/${owner.id}`,
          headers: admin.headers,
          payload: { disabled: true },
        });
        expect(res.statusCode, res.body).toBe(200);
        return k;
      },
      body: () => ({ name: 'owner disabled' }),
    },
    {
      name: 'acts as a role its owner no longer holds',
      end: async (k: Json, owner: Person) => {
        const res = await h.send({
          method: 'PATCH',
          url: `/api/entities/users/${owner.id}`,
          headers: admin.headers,
          payload: { role: 'customer' },
        });
        expect(res.statusCode, res.body).toBe(200);
        return k;
      },
      body: () => ({ name: 'owner demoted' }),
    },
    {
      name: 'was revoked',
      end: async (k: Json, owner: Person) => {
        const res = await h.send({
          method: 'DELETE',
          url: `/api/auth/api-keys/${k.id}`,
          headers: owner.headers,
        });
        expect(res.statusCode).toBe(204);
        return k;
      },
      body: () => ({ name: 'revoked' }),
    },
  ])('refuses a key that $name (401), from the very next request', async ({ end, body }) => {
    const owner = await h.person('agent');
    const k = await key(owner, body());
    // Used first: remembered where a cache may remember it.
    expect((await me(k.key)).statusCode).toBe(200);
    expect((await me(k.key)).statusCode).toBe(200);
    await end(k, owner);
    const res = await me(k.key);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    const write = await h.send({
      method: 'POST',
      url: '/api/entities/comments',
      headers: bearer(k.key),
      payload: { ticket: ticket.id, body: 'after the end' },
    });
    expect(write.statusCode).toBe(401);
  });

  it('counts a key’s writes in its owner’s buckets', async () => {
    h.t.clock.advance({ minutes: 5 });
    const owner = await h.person('agent');
    const k = await key(owner);
    const answers: number[] = [];
    for (let i = 0; i < AGENT_WRITES + 3; i++) {
      const res = await h.send({
        method: 'POST',
        url: '/api/entities/comments',
        headers: i % 2 ? owner.headers : bearer(k.key),
        payload: { ticket: ticket.id, body: `write ${i}` },
      });
      answers.push(res.statusCode);
      if (res.statusCode === 429) expect(res.headers['retry-after']).toBeDefined();
    }
    expect(answers.filter((s) => s === 201)).toHaveLength(AGENT_WRITES);
    expect(answers.filter((s) => s === 429)).toHaveLength(3);
    // Another agent's bucket is their own.
    const other = await h.person('agent');
    const theirs = await h.send({
      method: 'POST',
      url: '/api/entities/comments',
      headers: other.headers,
      payload: { ticket: ticket.id, body: 'mine' },
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const k = await key(agent, { name: 'used' });
    const lastUsed = async () => {
      const res = await h.send({ method: 'GET', url: '/api/auth/api-keys', headers: agent.headers });
      return (res.json().items as Json[]).find((x) => x.id === k.id)?.lastUsedAt as string | null;
    };
    const settle = async (want: string | null) => {
      for (let i = 0; i < 50 && (await lastUsed()) !== want; i++) await new Promise((r) => setTimeout(r, 20));
      return lastUsed();
    };
    expect(await lastUsed()).toBeNull();
    const first = h.t.clock.now().toISOString();
    expect((await me(k.key)).statusCode).toBe(200);
    expect(await settle(first)).toBe(first);
    h.t.clock.advance({ seconds: 30 });
    expect((await me(k.key)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await lastUsed()).toBe(first);
    h.t.clock.advance({ seconds: 31 });
    const second = h.t.clock.now().toISOString();
    expect((await me(k.key)).statusCode).toBe(200);
    expect(await settle(second)).toBe(second);
  });

  it('sweeps the sockets of revoked, expired and narrowed-beyond keys; live ones stay', async () => {
    const owner = await h.person('agent');
    const live = await key(owner, { name: 'live' });
    const revoked = await key(owner, { name: 'to revoke' });
    const expiring = await key(owner, {
      name: 'to expire',
      expiresAt: new Date(h.t.clock.now().getTime() + 60_000).toISOString(),
    });
    const narrowed = await key(owner, { name: 'narrowed', role: 'customer' });
    const closed: string[] = [];
    const socket = (name: string, token: string, role: string) =>
      ({
        caller: { id: owner.id, role, email: owner.email },
        session: sessionDigest(token),
        close: () => closed.push(name),
      }) as unknown as RealtimeClient;
    const clients = [
      socket('live', live.key, 'agent'),
      socket('revoked', revoked.key, 'agent'),
      socket('expiring', expiring.key, 'agent'),
      socket('narrowed', narrowed.key, 'customer'),
      // A socket that thinks it holds more than its key gives.
      socket('claims agent', narrowed.key, 'agent'),
    ];
    expect(await sweepSessions(h.t.core, clients)).toBe(1);
    expect(closed).toEqual(['claims agent']);
    await h.send({ method: 'DELETE', url: `/api/auth/api-keys/${revoked.id}`, headers: owner.headers });
    h.t.clock.advance({ minutes: 2 });
    closed.length = 0;
    expect(await sweepSessions(h.t.core, clients.slice(0, 4))).toBe(2);
    expect(closed.sort()).toEqual(['expiring', 'revoked']);
  });
});
