/**
 * Issue #17, triggers, per dialect, on the helpdesk: a customer's reply to a pending ticket
 * opens it again in the same write — one answer, and the ticket's history shows the
 * system's `respond` — while an agent's reply, an internal note, or a reply to an open
 * ticket leave it as it was.
 */
import app from '@ninefold/example-helpdesk';
import { createTestApp, type TestApp } from '@ninefold/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';

type Helpdesk = typeof app;
type Client = Awaited<ReturnType<TestApp<Helpdesk>['clientAs']>>;

describe.each(DIALECTS)('the helpdesk trigger customerReplyReopens on %s', (dialect) => {
  let t: TestApp<Helpdesk>;
  let customer: Client;
  let agent: Client;

  beforeAll(async () => {
    t = await createTestApp(app, { database: dialect, clock: '2031-05-04T09:00:00.000Z' });
    customer = await t.clientAs('customer');
    agent = await t.clientAs('agent');
  });
  afterAll(() => t?.close());

  async function ticketIn(state: 'open' | 'pending'): Promise<string> {
    const ticket = await customer.create('tickets', { subject: 'Printer jams', description: 'Tray 2.' });
    await agent.transition('tickets', ticket.id, 'triage', {});
    if (state === 'pending') await agent.transition('tickets', ticket.id, 'await', {});
    return ticket.id;
  }

  it("a customer's reply to a pending ticket opens it, as the system, in the same write", async () => {
    const id = await ticketIn('pending');
    const at = t.clock.advance({ minutes: 5 });
    const reply = await customer.create('comments', { ticket: id, body: 'Still jamming.' });
    expect(reply.ticket).toBe(id);
    // Committed with the reply: nothing was left to a job.
    const ticket = await customer.get('tickets', id);
    expect(ticket.status).toBe('open');
    expect(await t.db.all(t.db.qb.selectFrom('nf_jobs').select('id').where('kind', '=', 'trigger'))).toEqual(
      [],
    );
    const { items } = await agent.history('tickets', id);
    expect(items.at(-1)).toMatchObject({
      operation: 'transition',
      name: 'respond',
      actor: null,
      actorRole: null,
      fromState: 'pending',
      toState: 'open',
      at: at.toISOString(),
    });
  });

  it.each([
    { who: 'an agent', state: 'pending', by: () => agent, internal: false, status: 'pending' },
    { who: 'an agent (internal note)', state: 'pending', by: () => agent, internal: true, status: 'pending' },
    { who: 'the customer', state: 'open', by: () => customer, internal: undefined, status: 'open' },
  ] as const)(
    'a reply by $who to a $state ticket leaves it $status',
    async ({ state, by, internal, status }) => {
      const id = await ticketIn(state);
      const before = (await agent.history('tickets', id)).items.length;
      await by().create('comments', {
        ticket: id,
        body: 'A reply.',
        ...(internal === undefined ? {} : { internal }),
      });
      expect((await agent.get('tickets', id)).status).toBe(status);
      expect((await agent.history('tickets', id)).items).toHaveLength(before);
    },
  );

  it('a reply refused by its own rules reopens nothing', async () => {
    const id = await ticketIn('pending');
    const other = await t.clientAs('customer');
    // Another customer may not read the ticket, so may not reply to it.
    const refused = await other.create('comments', { ticket: id, body: 'Me too.' }).catch((e: unknown) => e);
    expect(other.isError(refused)).toBe(true);
    expect((await agent.get('tickets', id)).status).toBe('pending');
  });
});
