/**
 * The realtime protocol as the document describes it (`x-realtime` on the `realtime`
 * operation): every message the server sends in a session of subscriptions, changes, refusals
 * and a session ending matches `RealtimeServerMessage`, every message sent matches
 * `RealtimeClientMessage`, and the close code is one the document lists.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveHelpdesk } from '../realtime/live-helpdesk';
import { TestSocket } from '../realtime/test-socket';

type Json = Record<string, any>;

describe('realtime conformance', () => {
  let live: Awaited<ReturnType<typeof liveHelpdesk>>;
  beforeAll(async () => {
    live = await liveHelpdesk('sqlite');
  });
  afterAll(async () => live?.h.close());

  it('speaks only the messages and close codes the document lists', { timeout: 60_000 }, async () => {
    const { h, port, settle } = live;
    const doc = (await h.request({ method: 'GET', url: '/api/openapi.json' })).json() as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ ...doc, $id: 'doc' });
    const serverMessage = ajv.getSchema('doc#/components/schemas/RealtimeServerMessage')!;
    const clientMessage = ajv.getSchema('doc#/components/schemas/RealtimeClientMessage')!;
    const realtime = doc.paths['/api/realtime'].get['x-realtime'];

    const [customer, agent, admin] = [await h.user('customer'), await h.user('agent'), await h.user('admin')];
    const socket = await TestSocket.open(port, agent.headers);
    const anonymous = await TestSocket.open(port);
    const ticket = await h.ticket(customer);
    const sent: Json[] = [
      { type: 'subscribe', id: 'all', entity: 'tickets' },
      { type: 'subscribe', id: 'new', entity: 'tickets', query: { status: 'new' } },
      { type: 'subscribe', id: 'one', entity: 'tickets', recordId: ticket.id },
      { type: 'subscribe', id: 'nope', entity: 'no_such_entity' },
      { type: 'unsubscribe', id: 'nope' },
      { type: 'ping' },
    ];
    for (const m of sent) socket.send(m);
    socket.send({ type: 'shout' });
    await socket.barrier();
    await h.ticket(customer);
    const patched = await h.request({
      method: 'PATCH',
      url: `/api/entities/tickets/${ticket.id}`,
      headers: agent.headers,
      payload: { priority: 'high' },
    });
    expect(patched.statusCode).toBe(200);
    await h.request({
      method: 'POST',
      url: `/api/entities/tickets/${ticket.id}/transitions/triage`,
      headers: agent.headers,
      payload: {},
    });
    await h.request({ method: 'DELETE', url: `/api/entities/tickets/${ticket.id}`, headers: admin.headers });
    await settle();
    await socket.barrier();
    const auth = { type: 'auth', token: 'no-such-token' };
    anonymous.send(auth);
    anonymous.send({ type: 'auth', token: agent.token });
    await anonymous.barrier();
    await h.request({ method: 'POST', url: '/api/auth/logout', headers: agent.headers });
    const closed = await socket.closed;

    const heard = [...socket.messages, ...anonymous.messages];
    const kinds = new Set(heard.map((m) => (m.type === 'event' ? `event:${m.event}` : m.type)));
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'error',
        'event:created',
        'event:updated',
        'event:deleted',
        'pong',
        'ready',
        'subscribed',
      ]),
    );
    const bad = heard.filter((m) => !serverMessage(m)).map((m) => JSON.stringify(m));
    expect(bad).toEqual([]);
    expect([...sent, auth].filter((m) => !clientMessage(m))).toEqual([]);
    expect(clientMessage({ type: 'shout' })).toBe(false);
    expect(Object.keys(realtime.closeCodes)).toContain(String(closed.code));
  });
});
