import { clientMeta, defineApp, entity, f } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { stateTone } from './state-badge';

// An order's life: placed first, three states between, two final ones.
const orders = entity({
  label: 'Orders',
  fields: { item: f.text({ label: 'Item' }) },
  states: {
    field: 'status',
    initial: 'placed',
    states: {
      placed: { label: 'Placed' },
      paid: { label: 'Paid' },
      held: { label: 'Held' },
      shipped: { label: 'Shipped' },
      delivered: { label: 'Delivered', final: true },
      refunded: { label: 'Refunded', final: true },
    },
    transitions: {},
  },
});
const app = defineApp({
  about: { name: 'Shop', summary: 'Orders.', audience: { clerk: 'Clerks.' } },
  roles: { clerk: { label: 'Clerk', admin: true } },
  entities: { orders },
  screens: {},
});
const meta = clientMeta(app).entities.orders!;

describe('stateTone', () => {
  it.each([
    ['placed', 'new'],
    ['paid', 'active'],
    ['held', 'waiting'],
    ['shipped', 'done'],
    ['delivered', 'final'],
    ['refunded', 'final'],
    ['nonsense', 'neutral'],
  ])('%s is %s', (state, tone) => {
    expect(stateTone(meta, state)).toBe(tone);
  });
});
