/**
 * Regression: comments deleted with their ticket were never announced. The cascade deleted
 * their rows in SQL with no change event, so every comment list stayed showing them; and
 * once announced, a customer's right to read a comment (through its ticket) was judged on
 * a ticket already gone, so the requester was still not told. Per dialect, for every kind
 * of subscriber: exactly the comments they could read are announced as deleted. A second
 * regression: deleting an agent cleared the assignee of their tickets in SQL, silently; each
 * such ticket is now a new version, announced as updated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness, TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import type { Settle } from './bus-settler';
import { liveHelpdesk } from './live-helpdesk';
import { sessionUser } from './session-user';
import { TestSocket } from './test-socket';

describe.each(DIALECTS)('regression: cascade-deleted comments are announced, on %s', (dialect) => {
  let h: Harness;
  let port: number;
  let settle: Settle;
  beforeAll(async () => {
    ({ h, port, settle } = await liveHelpdesk(dialect));
  });
  afterAll(() => h?.close());

  const post = async (user: TestUser, url: string, payload: object) => {
    const res = await h.request({ method: 'POST', url, headers: user.headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return String(res.json().id);
  };

  it('tells each subscriber of the deletion of exactly the comments they could read', async () => {
    const [requester, other, agent, admin] = await Promise.all([
      sessionUser(h.nf, 'customer'),
      sessionUser(h.nf, 'customer'),
      sessionUser(h.nf, 'agent'),
      sessionUser(h.nf, 'admin'),
    ]);
    const ticket = await post(requester!, '/api/entities/tickets', {
      subject: 'Cannot sign in',
      description: 'Since this morning.',
    });
    const reply = await post(requester!, '/api/entities/comments', { ticket, body: 'Any news?' });
    const note = await post(agent!, '/api/entities/comments', {
      ticket,
      body: 'Customer is VIP.',
      internal: true,
    });
    const cast = { requester: requester!, other: other!, agent: agent!, admin: admin! };
    const sockets = new Map<string, TestSocket>();
    for (const [name, user] of Object.entries(cast)) {
      const s = await TestSocket.open(port, user.headers);
      await s.subscribe('comments', 'comments');
      await s.subscribe('thread', 'comments', { ticket });
      await s.subscribe('ticket', 'tickets', {}, ticket);
      sockets.set(name, s);
    }
    const gone = await h.request({
      method: 'DELETE',
      url: `/api/entities/tickets/${ticket}`,
      headers: admin!.headers,
    });
    expect(gone.statusCode).toBe(204);
    await settle();
    const staff = [
      `comments deleted ${note}`,
      `comments deleted ${reply}`,
      `thread deleted ${note}`,
      `thread deleted ${reply}`,
      `ticket deleted ${ticket}`,
    ];
    const expected: Record<keyof typeof cast, string[]> = {
      requester: [`comments deleted ${reply}`, `thread deleted ${reply}`, `ticket deleted ${ticket}`],
      other: [],
      agent: staff,
      admin: staff,
    };
    for (const [name, want] of Object.entries(expected)) {
      const s = sockets.get(name)!;
      await s.barrier();
      const heard = s.take().map((e) => `${e.sub} ${e.event} ${e.id}`);
      expect({ name, heard: heard.sort() }).toEqual({ name, heard: [...want].sort() });
      await s.close();
    }
  });

  it('announces the tickets whose assignee a deleted agent leaves empty (regression)', async () => {
    const [requester, leaving, colleague, admin] = await Promise.all([
      sessionUser(h.nf, 'customer'),
      sessionUser(h.nf, 'agent'),
      sessionUser(h.nf, 'agent'),
      sessionUser(h.nf, 'admin'),
    ]);
    const ticket = await post(requester!, '/api/entities/tickets', {
      subject: 'Printer',
      description: 'Jammed.',
    });
    const assign = await h.request({
      method: 'PATCH',
      url: `/api/entities/tickets/${ticket}`,
      headers: admin!.headers,
      payload: { assignee: leaving!.id },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const version = Number(assign.json().version);
    const sockets = await Promise.all([requester!, colleague!].map((u) => TestSocket.open(port, u.headers)));
    for (const s of sockets) await s.subscribe('tickets', 'tickets');
    const gone = await h.request({
      method: 'DELETE',
      url: `/api/entities/users/${leaving!.id}`,
      headers: admin!.headers,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    await settle();
    for (const s of sockets) {
      await s.barrier();
      const heard = s.take().filter((e) => e.id === ticket);
      expect(heard.map((e) => [e.event, e.record?.assignee, e.record?.version])).toEqual([
        ['updated', null, version + 1],
      ]);
      await s.close();
    }
    const now = await h.request({
      method: 'GET',
      url: `/api/entities/tickets/${ticket}`,
      headers: admin!.headers,
    });
    expect(now.json()).toMatchObject({ assignee: null, version: version + 1 });
  });
});
