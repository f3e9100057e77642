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
