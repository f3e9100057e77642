import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type app from '../../../examples/helpdesk/app';
import { type Harness, startHelpdesk, type TestUser } from '../../server/test/helpdesk-harness';
import { DIALECTS } from '../../server/test/test-databases';
import { createClient, isNinefoldError, type RealtimeEvent } from '../src/index';

type Helpdesk = typeof app;

describe.each(DIALECTS)('the typed client against a real server on %s', (dialect) => {
  let h: Harness;
  let url: string;
  let agent: TestUser;
  const client = () =>
    createClient<Helpdesk>({
      url,
      webSocket: (u, token) =>
        new WebSocket(u, { headers: token ? { authorization: `Bearer ${token}` } : {} }) as never,
    });

  beforeAll(async () => {
    h = await startHelpdesk(dialect);
    await h.nf.server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(h.nf.server.server.address() as { port: number }).port}`;
    agent = await h.user('agent');
  });
  afterAll(() => h.close());

  it('signs up, creates, lists with typed filters, runs a transition and reads typed errors', async () => {
    const c = client();
    const { user } = await c.auth.signUp({
      email: `c-${Date.now()}@client.test`,
      password: 'long enough password',
      name: 'Cam',
    });
    expect(user.role).toBe('customer');
    expect((await c.auth.me())?.id).toBe(user.id);
    const t = await c.create('tickets', {
      subject: 'Cannot log in',
      description: 'Since this morning.',
      priority: 'high',
    });
    expect(t.$can?.transitions).toEqual(['withdraw']);
    const page = await c.list('tickets', {
      where: { priority: { in: ['high', 'urgent'] }, status: 'new' },
      sort: '-createdAt',
    });
    expect(page.items.map((x) => x.id)).toEqual([t.id]);
    const withdrawn = await c.transition('tickets', t.id, 'withdraw', {});
    expect(withdrawn.status).toBe('cancelled');
    const err = await c.transition('tickets', t.id, 'withdraw', {}).catch((e: unknown) => e);
    expect(isNinefoldError(err) && err.code).toBe('INVALID_TRANSITION');
    for (let i = 0; i < 5; i++)
      await c.create('tickets', { subject: `Ticket number ${i}`, description: 'x' });
    const limit = await c
      .create('tickets', { subject: 'One too many', description: 'x' })
      .catch((e: unknown) => e);
    if (!isNinefoldError(limit)) throw new Error('expected an error');
    const typed = limit.typed<Helpdesk>();
    expect(typed.code).toBe('OPEN_TICKET_LIMIT');
    if (typed.code === 'OPEN_TICKET_LIMIT') expect(typed.params.max).toBe(5);
    await c.auth.signOut();
    expect(await c.auth.me()).toBeNull();
  });

  it('runs actions with typed input and output', async () => {
    const c = createClient<Helpdesk>({ url, token: agent.token });
    const stats = await c.action('ticketStats', {});
    expect(typeof stats.byStatus).toBe('object');
  });

  it('hears live changes it may read, and not others', async () => {
    const owner = await h.user('customer');
    const other = await h.user('customer');
    const mine: RealtimeEvent[] = [];
    const theirs: RealtimeEvent[] = [];
    const a = createClient<Helpdesk>({
      url,
      token: owner.token,
      webSocket: (u, tk) => new WebSocket(u, { headers: { authorization: `Bearer ${tk}` } }) as never,
    });
    const b = createClient<Helpdesk>({
      url,
      token: other.token,
      webSocket: (u, tk) => new WebSocket(u, { headers: { authorization: `Bearer ${tk}` } }) as never,
    });
    a.subscribe('tickets', {}, (e) => mine.push(e));
    b.subscribe('tickets', {}, (e) => theirs.push(e));
    await new Promise((r) => setTimeout(r, 200));
    const t = await a.create('tickets', { subject: 'Live update please', description: 'x' });
    await h.nf.server.realtime.settled();
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.some((e) => e.type === 'event' && e.id === t.id && e.event === 'created')).toBe(true);
    expect(theirs).toEqual([]);
    a.close();
    b.close();
  });
});
