/**
 * A small app of its own for the semantics tests: `items` with a nullable field of every
 * filterable type, two user references and a reference to `parents` (which refer to each
 * other, for rules two `related` hops deep). Authors may read an item unless they review it
 * — `not(callerIs('reviewer'))`, the rule whose GET and list once disagreed on an item with
 * no reviewer; editors read everything, so their lists show the filters alone.
 */
import { and, callerIs, defineApp, entity, eq, f, gt, not, or } from '@ninefold/spec';

const parents = entity({
  fields: {
    t: f.text({ optional: true }),
    n: f.integer({ optional: true }),
    owner: f.ref('users', { optional: true }),
    up: f.ref('parents', { optional: true }),
  },
  access: {
    read: { author: or(callerIs('owner'), gt('n', 0)), editor: true, anonymous: eq('t', 'a') },
    update: { author: callerIs('owner'), editor: not(callerIs('owner')) },
  },
});

const items = entity({
  fields: {
    t: f.text({ optional: true }),
    n: f.integer({ optional: true }),
    x: f.number({ optional: true }),
    b: f.boolean({ optional: true }),
    d: f.datetime({ optional: true }),
    e: f.enum(['low', 'high', 'urgent'], { optional: true }),
    reviewer: f.ref('users', { optional: true }),
    assignee: f.ref('users', { optional: true }),
    parent: f.ref('parents', { optional: true }),
  },
  states: {
    field: 'status',
    initial: 'open',
    states: { open: { label: 'Open' }, waiting: { label: 'Waiting' }, closed: { label: 'Closed' } },
    transitions: {
      wait: { from: 'open', to: 'waiting', who: { editor: true } },
      close: { from: 'waiting', to: 'closed', who: { editor: true } },
    },
  },
  access: {
    read: { author: not(callerIs('reviewer')), editor: true, anonymous: and(eq('b', true)) },
    create: { author: true, editor: true },
    update: { author: true, editor: true },
  },
});

export const semanticsApp = defineApp({
  about: { name: 'Semantics', summary: 'Rules and filters on NULL-heavy rows.', audience: 'Tests.' },
  roles: { author: {}, editor: {}, boss: { admin: true } },
  constants: {
    LIMIT: { value: 2 },
    EMPTY: { value: null as never },
    WEIGHTS: { value: { low: 1, high: 2, urgent: 3 } },
  },
  entities: { parents, items },
});

export default semanticsApp;
