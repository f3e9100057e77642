/**
 * Point 8 of the helpdesk: every code of its own error catalogue, provoked through the HTTP
 * API once per dialect, answers its status and its message with the placeholders filled.
 * The expected texts are copied from helpdesk.md, not read from the spec.
 */

import app from '@ninefold/example-helpdesk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHelpdesk, type TestUser } from '../helpdesk-harness';
import { DIALECTS } from '../test-databases';
import { FakeClock, ticketIn } from './ticket-fixtures';

interface Ctx {
  h: Harness;
  clock: FakeClock;
  customer: () => Promise<TestUser>;
  agent: TestUser;
}
type Send = { method: 'POST' | 'PATCH'; url: string; payload: object };

const CASES: {
  code: string;
  status: number;
  detail: string;
  params?: object;
  provoke: (c: Ctx) => Promise<{ as: TestUser; send: Send }>;
}[] = [
  {
    code: 'TICKET_CLOSED',
    status: 409,
    detail: 'This ticket is closed. Open a new ticket instead.',
    provoke: async ({ h, customer, agent }) => {
      const alice = await customer();
      const t = await ticketIn(h, alice, agent, 'closed');
      return {
        as: alice,
        send: { method: 'POST', url: '/api/entities/comments', payload: { ticket: t.id, body: 'Hello?' } },
      };
    },
  },
  {
    code: 'OPEN_TICKET_LIMIT',
    status: 409,
    detail: 'You can have at most 5 open tickets.',
    params: { max: 5 },
    provoke: async ({ h, customer }) => {
      const alice = await customer();
      for (let i = 0; i < 5; i++) await h.ticket(alice, { subject: `Open ticket ${i}` });
      return {
        as: alice,
        send: {
          method: 'POST',
          url: '/api/entities/tickets',
          payload: { subject: 'One too many', description: 'x' },
        },
      };
    },
  },
  {
    code: 'ASSIGNEE_NOT_AGENT',
    status: 422,
    detail: 'Tickets can only be assigned to agents.',
    provoke: async ({ h, customer, agent }) => {
      const alice = await customer();
      const t = await ticketIn(h, alice, agent, 'open');
      return {
        as: agent,
        send: { method: 'PATCH', url: `/api/entities/tickets/${t.id}`, payload: { assignee: alice.id } },
      };
    },
  },
  {
    code: 'REOPEN_WINDOW_EXPIRED',
    status: 409,
    detail: 'Tickets can be reopened within 7 days of being resolved.',
    params: { days: 7 },
    provoke: async ({ h, clock, customer, agent }) => {
      const alice = await customer();
      const t = await ticketIn(h, alice, agent, 'resolved');
      clock.advance(8 * 86_400_000);
      return {
        as: alice,
        send: { method: 'POST', url: `/api/entities/tickets/${t.id}/transitions/reopen`, payload: {} },
      };
    },
  },
  {
    code: 'SATISFACTION_NOT_ALLOWED',
    status: 422,
    detail: 'You can rate a ticket once it is resolved.',
    provoke: async ({ h, customer, agent }) => {
      const alice = await customer();
      const t = await ticketIn(h, alice, agent, 'open');
      return {
        as: alice,
        send: { method: 'PATCH', url: `/api/entities/tickets/${t.id}`, payload: { satisfaction: 5 } },
      };
    },
  },
];

it('the table covers the whole custom catalogue of the helpdesk', () => {
  const custom = Object.values(app.errors)
    .filter((e) => !e.builtin)
    .map((e) => e.code);
  expect(CASES.map((c) => c.code).sort()).toEqual(custom.sort());
});

describe.each(DIALECTS)('the helpdesk error catalogue on %s', (dialect) => {
  const clock = new FakeClock();
  let ctx: Ctx;
  beforeAll(async () => {
    const h = await startHelpdesk(dialect, { now: clock.now });
    ctx = { h, clock, customer: () => h.user('customer'), agent: await h.user('agent') };
  });
  afterAll(() => ctx.h.close());

  it.each(CASES)('$code answers $status: $detail', async ({ code, status, detail, params, provoke }) => {
    const { as, send } = await provoke(ctx);
    const res = await ctx.h.request({ ...send, headers: as.headers });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      type: `urn:ninefold:problem:${code}`,
      title: detail,
      status,
      code,
      detail,
    });
    if (params) expect(res.json().params).toMatchObject(params);
  });

  it('the same rating is accepted once the ticket is resolved (the code is not always answered)', async () => {
    const alice = await ctx.customer();
    const t = await ticketIn(ctx.h, alice, ctx.agent, 'resolved');
    const res = await ctx.h.request({
      method: 'PATCH',
      url: `/api/entities/tickets/${t.id}`,
      headers: alice.headers,
      payload: { satisfaction: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().satisfaction).toBe(5);
  });
});
