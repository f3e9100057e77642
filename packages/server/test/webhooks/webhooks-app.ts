/**
 * A small app for the webhook tests: members place orders, and the `orderEvents` webhook
 * tells an integration of them as its service role reads them — only shared orders, only
 * their title, amount, state and `shared` flag. `secretNote` only agents and the order's
 * member read; a grant that needs a caller (`callerIs('customer')`, all fields) must never
 * hold for a webhook, which has none.
 */
import { caller, callerIs, defineApp, entity, eq, f } from '@ninefold/spec';

/** What the integration role may read of a shared order (the system fields besides). */
export const INTEGRATION_FIELDS = ['title', 'amount', 'status', 'shared'] as const;

const orders = entity({
  title: 'title',
  fields: {
    title: f.text({ min: 1, max: 80 }),
    amount: f.integer({ min: 0, max: 1_000_000 }),
    shared: f.boolean({ default: false }),
    secretNote: f.text({ max: 200, optional: true }),
    customer: f.ref('users', { default: caller('id'), readOnly: true }),
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: { draft: {}, placed: {}, shipped: {} },
    transitions: {
      place: { from: 'draft', to: 'placed', who: { member: callerIs('customer') } },
      ship: { from: 'placed', to: 'shipped', who: { agent: true } },
    },
  },
  access: {
    read: {
      member: callerIs('customer'),
      agent: true,
      integration: [
        { where: callerIs('customer') },
        { where: eq('shared', true), fields: [...INTEGRATION_FIELDS] },
      ],
    },
    create: { member: { fields: ['title', 'amount', 'shared', 'secretNote'] } },
    update: { member: { where: callerIs('customer'), fields: ['title', 'amount', 'shared', 'secretNote'] } },
    delete: { member: callerIs('customer') },
  },
});

export default defineApp({
  about: { name: 'Orders', summary: 'Orders told to an integration.', audience: 'The webhook tests.' },
  roles: {
    member: { signUp: true },
    agent: {},
    integration: { service: true },
    admin: { admin: true },
  },
  entities: { orders },
  webhooks: {
    orderEvents: {
      on: [
        { entity: 'orders', op: 'create' },
        { entity: 'orders', op: 'update' },
        { entity: 'orders', op: 'delete' },
        { entity: 'orders', transition: 'ship' },
      ],
      role: 'integration',
    },
  },
});
