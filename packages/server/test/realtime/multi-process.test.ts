/**
 * Realtime across processes (PostgreSQL only): three helpdesk servers in child processes on
 * one fresh database, a subscriber on each. A write through any one of them reaches the
 * subscribers on all three, in one order, each event only once its commit is visible to
 * the others; a write or an action that fails announces nothing anywhere; and a role change
 * or a sign-out on one process closes that user's sockets on another. Skipped, with a
 * notice, when TEST_DATABASE_URL is not set.
 */

import helpdesk from '@ninefold/example-helpdesk';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../src/core/accounts/sessions';
import { type Core, createCore } from '../../src/core/ninefold-core';
import type { Database } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { freshDatabase, PG_URL, type TestDatabase } from '../test-databases';
import { type ChildServer, startChildServer } from './child-servers';
import { type EventMessage, TestSocket } from './test-socket';

if (!PG_URL)
  console.warn('[realtime multi-process] TEST_DATABASE_URL is not set: skipped (it needs PostgreSQL).');

interface User {
  readonly id: string;
  readonly headers: Record<string, string>;
  readonly token: string;
}

type Json = Record<string, any>;

describe.skipIf(!PG_URL)('realtime across three server processes on one PostgreSQL database', () => {
  let tdb: TestDatabase;
  let servers: ChildServer[] = [];
  let db: Database;
  let core: Core;

  beforeAll(async () => {
    tdb = await freshDatabase('postgres');
    servers = await Promise.all([0, 1, 2].map(() => startChildServer(tdb.url)));
    db = openDatabase(tdb.url);
    core = createCore(helpdesk, db);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    await tdb?.drop();
  });

  let made = 0;
  /** A user made in the database the servers share, with a session. */
  const user = async (role: string): Promise<User> => {
    made += 1;
    const rec = await core.create(
      null,
      'users',
      { email: `mp${made}@test.example`, name: `${role} ${made}`, role },
      true,
    );
    const id = String(rec.id);
    const token = await db.transaction((tx) => startSession(tx, id, new Date()));
    return { id, token, headers: { authorization: `Bearer ${token}` } };
  };

  /** One HTTP call to server `p`. */
  const api = async (p: number, who: User, method: string, path: string, body?: object) => {
    const res = await fetch(`http://127.0.0.1:${servers[p]!.port}${path}`, {
      method,
      headers: { ...who.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
  };

  /** A socket on every process for `who`, subscribed to tickets and comments. */
  const everywhere = async (who: User) => {
    const sockets: TestSocket[] = [];
    for (const s of servers) {
      const socket = await TestSocket.open(s.port, who.headers);
      await socket.subscribe('tickets', 'tickets');
      await socket.subscribe('comments', 'comments');
      sockets.push(socket);
    }
    return sockets;
  };

  const sameEvent = (e: EventMessage, want: Json) =>
    e.entity === want.entity &&
    e.id === want.id &&
    e.event === want.event &&
    e.record?.version === want.version;

  const line = (e: EventMessage) => `${e.event} ${e.entity} ${e.id} v${e.record?.version ?? '-'}`;

  it('a write through any process reaches every process, in one order, after its commit', async () => {
    const [customer, agentA, agentB] = [await user('customer'), await user('agent'), await user('agent')];
    const staff = await everywhere(agentA);
    const requester = await everywhere(customer);
    const created = await api(0, customer, 'POST', '/api/entities/tickets', {
      subject: 'Three servers, one ticket',
      description: 'Seen everywhere?',
    });
    expect(created.status).toBe(201);
    const t = String(created.body.id);
    const writes: {
      via: number;
      run: () => ReturnType<typeof api>;
      entity: string;
      event: string;
      internal?: true;
    }[] = [
      {
        via: 1,
        entity: 'tickets',
        event: 'transitioned',
        run: () =>
          api(1, agentA, 'POST', `/api/entities/tickets/${t}/transitions/triage`, { assignee: agentB.id }),
      },
      {
        via: 2,
        entity: 'comments',
        event: 'created',
        internal: true,
        run: () =>
          api(2, agentB, 'POST', '/api/entities/comments', {
            ticket: t,
            body: 'VIP customer.',
            internal: true,
          }),
      },
      {
        via: 0,
        entity: 'comments',
        event: 'created',
        run: () => api(0, customer, 'POST', '/api/entities/comments', { ticket: t, body: 'Any news?' }),
      },
      {
        via: 1,
        entity: 'tickets',
        event: 'updated',
        run: () => api(1, agentA, 'PATCH', `/api/entities/tickets/${t}`, { priority: 'high' }),
      },
      {
        via: 2,
        entity: 'tickets',
        event: 'transitioned',
        run: () =>
          api(2, agentB, 'POST', `/api/entities/tickets/${t}/transitions/resolve`, { resolution: 'Done.' }),
      },
    ];
    const expected: Json[] = [{ entity: 'tickets', id: t, event: 'created', version: 1 }];
    for (const w of writes) {
      const res = await w.run();
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expected.push({
        entity: w.entity,
        id: String(res.body.id),
        event: w.event,
        version: res.body.version,
        internal: w.internal,
      });
    }
    for (const [p, socket] of [...staff.entries(), ...requester.entries()]) {
      const staffSocket = staff.includes(socket);
      for (const want of expected) {
        if (want.internal && !staffSocket) continue;
        const got = (await socket.next((m) => m.type === 'event' && sameEvent(m, want), 0)) as EventMessage;
        // Heard here, so committed: another process, on another connection, already reads it.
        const other = await api((p + 1) % 3, agentA, 'GET', `/api/entities/${got.entity}/${got.id}`);
        expect(other.status).toBe(200);
        expect(other.body.version).toBeGreaterThanOrEqual(Number(got.record!.version));
      }
    }
    await Promise.all([...staff, ...requester].map((s) => s.barrier()));
    const heard = (s: TestSocket) => s.take().map(line);
    const order = heard(staff[0]!);
    expect(order).toHaveLength(expected.length);
    for (const s of staff.slice(1)) expect(heard(s)).toEqual(order);
    const publicOrder = order.filter((l) => !l.includes(String(expected[2]!.id)));
    for (const s of requester) expect(heard(s)).toEqual(publicOrder);
    await Promise.all([...staff, ...requester].map((s) => s.close()));
  }, 60_000);

  it('a write or an action that fails announces nothing on any process', async () => {
    const [customer, agent] = [await user('customer'), await user('agent')];
    const staff = await everywhere(agent);
    const created = await api(0, customer, 'POST', '/api/entities/tickets', {
      subject: 'Roll me back',
      description: 'Nothing to see.',
    });
    const t = String(created.body.id);
    for (const s of staff) await s.next((m) => m.type === 'event' && m.id === t, 0);
    const outbox = async () =>
      Number((await db.all<{ n: number }>(sql`select count(*) as n from nf_events`.compile(db.qb)))[0]!.n);
    const before = await outbox();
    // Through each process in turn: [status, code, call].
    const failures: [number, string, () => ReturnType<typeof api>][] = [
      [409, 'TICKET_CLOSED', () => api(1, agent, 'POST', '/api/actions/writeThenFail', { ticketId: t })],
      [
        422,
        'VALIDATION_FAILED',
        () => api(2, agent, 'PATCH', `/api/entities/tickets/${t}`, { priority: 'asap' }),
      ],
      [403, 'FORBIDDEN', () => api(0, customer, 'POST', `/api/entities/tickets/${t}/transitions/triage`, {})],
      [403, 'FORBIDDEN', () => api(1, customer, 'DELETE', `/api/entities/tickets/${t}`)],
    ];
    // The action's 409 is its own `fail`, reached after it had updated the ticket and added a note.
    for (const [status, code, run] of failures) expect((await run()).body).toMatchObject({ status, code });
    expect(await outbox(), 'rows in the outbox from failed writes').toBe(before);
    // The next write is the next thing every process hears: nothing from the failures came before it.
    const after = await api(2, agent, 'PATCH', `/api/entities/tickets/${t}`, { priority: 'low' });
    expect(after.body).toMatchObject({ version: 2, priority: 'low' });
    for (const s of staff) {
      await s.next((m) => m.type === 'event' && m.id === t && m.record?.version === 2, 0);
      expect(s.take().map(line)).toEqual([`created tickets ${t} v1`, `updated tickets ${t} v2`]);
      await s.close();
    }
  }, 60_000);

  it("a role change or a sign-out on one process closes the user's sockets on another (4001)", async () => {
    const [admin, promoted, leaving, bystander] = [
      await user('admin'),
      await user('customer'),
      await user('customer'),
      await user('agent'),
    ];
    const promotedSocket = await TestSocket.open(servers[2]!.port, promoted.headers);
    const leavingSocket = await TestSocket.open(servers[1]!.port, leaving.headers);
    const bystanderSockets = await everywhere(bystander);
    const role = await api(0, admin, 'PATCH', `/api/entities/users/${promoted.id}`, { role: 'agent' });
    expect(role.status).toBe(200);
    expect((await promotedSocket.closed).code).toBe(4001);
    expect((await api(2, leaving, 'POST', '/api/auth/logout')).status).toBe(204);
    expect((await leavingSocket.closed).code).toBe(4001);
    // Everyone else stays connected.
    await Promise.all(bystanderSockets.map((s) => s.barrier()));
    expect(bystanderSockets.every((s) => s.open)).toBe(true);
    await Promise.all(bystanderSockets.map((s) => s.close()));
  }, 60_000);
});
