/**
 * Regression: a transition that changes only fields hidden from the webhook's role (here the
 * state field itself) was delivered with the transition's name — the bare fact and the new
 * state the role may not read. Like history and realtime, the webhook now tells nothing.
 */
import { caller, callerIs, defineApp, entity, f } from '@ninefold/spec';
import { createTestApp } from '@ninefold/testing';
import { afterAll, expect, it } from 'vitest';
import { startReceiver } from './webhook-receiver';

const app = defineApp({
  about: { name: 'Orders', summary: 'Orders.', audience: 'Review.' },
  roles: { member: { signUp: true }, agent: {}, integration: { service: true }, admin: { admin: true } },
  entities: {
    orders: entity({
      title: 'title',
      fields: {
        title: f.text({ min: 1, max: 80 }),
        customer: f.ref('users', { default: caller('id'), readOnly: true }),
      },
      states: {
        field: 'status',
        initial: 'draft',
        states: { draft: {}, flagged: {} },
        transitions: { flag: { from: 'draft', to: 'flagged', who: { agent: true } } },
      },
      access: {
        read: { member: callerIs('customer'), agent: true, integration: { fields: ['title'] } },
        create: { member: { fields: ['title'] } },
      },
    }),
  },
  webhooks: { orderEvents: { on: [{ entity: 'orders', op: 'transition' }], role: 'integration' } },
});

let close: () => Promise<void> = async () => {};
afterAll(() => close());

it('a transition changing only fields hidden from the role is not told', async () => {
  const receiver = await startReceiver();
  const t = await createTestApp(app, {
    database: 'sqlite',
    server: { webhooks: { orderEvents: { url: receiver.url, secret: receiver.secret } } },
  });
  close = async () => {
    await t.close();
    await receiver.close();
  };
  const member = await t.clientAs('member');
  const agent = await t.clientAs('agent');
  const made = await member.create('orders', { title: 'Bolts' });
  await agent.transition('orders', made.id, 'flag', {});
  await t.runJobs();
  await t.runJobs();
  expect(receiver.deliveries.map((d) => d.body)).toEqual([]);
});
