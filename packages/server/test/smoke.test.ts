import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk } from './helpdesk-harness';
import { DIALECTS } from './test-databases';

describe.each(DIALECTS)('helpdesk smoke on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHelpdesk(dialect);
  });
  afterAll(() => h.close());

  it('serves health, creates a ticket as a customer and reads it back', async () => {
    expect((await h.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const alice = await h.user('customer');
    const ticket = await h.ticket(alice);
    expect(ticket).toMatchObject({ status: 'new', priority: 'normal', requester: alice.id, version: 1 });
    const got = await h.request({
      method: 'GET',
      url: `/api/entities/tickets/${ticket.id}`,
      headers: alice.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.json().$can.transitions).toEqual(['withdraw']);
  });
});

describe.each(DIALECTS)('regression: an empty patch writes nothing, on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHelpdesk(dialect);
  });
  afterAll(() => h.close());

  it('keeps the version and adds no audit entry', async () => {
    const alice = await h.user('customer');
    const ticket = await h.ticket(alice);
    const history = async () =>
      (
        await h.request({
          method: 'GET',
          url: `/api/entities/tickets/${ticket.id}/history`,
          headers: alice.headers,
        })
      ).json().items.length as number;
    const entries = await history();
    const res = await h.request({
      method: 'PATCH',
      url: `/api/entities/tickets/${ticket.id}`,
      headers: alice.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(ticket.version);
    const same = await h.request({
      method: 'PATCH',
      url: `/api/entities/tickets/${ticket.id}`,
      headers: alice.headers,
      payload: { subject: ticket.subject },
    });
    expect(same.json().version).toBe(ticket.version);
    expect(await history()).toBe(entries);
  });
});
