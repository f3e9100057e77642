/**
 * A small app for the aggregate, export and import tests. Members read and write every
 * order; a guest reads only the north and south orders, and `secret` only on the south ones
 * (two read grants), so `secret` is a field it may read on some records but not on every
 * one; a clerk creates orders under a write rate of three a minute. Pages are small so an
 * export walks many of them.
 */
import { action, defineApp, entity, eq, f, now, type RecordStore, users } from '@ninefold/spec';

const SYSTEM = ['id', 'createdAt', 'updatedAt', 'version'];
const SHOWN = [...SYSTEM, 'region', 'team', 'paid', 'qty', 'amount', 'note', 'placedAt'];

/** Per order field, what the property test may group by and aggregate. */
export const ORDER_FIELDS = {
  groupBy: ['region', 'paid', 'team', 'qty', 'secret'],
  sum: ['qty', 'amount', 'secret'],
  min: ['qty', 'amount', 'secret', 'placedAt', 'note'],
} as const;

/** The store calls the `storeProbe` action runs, by name: each answers what the store gave it. */
const PROBES: Record<string, (records: RecordStore) => Promise<unknown>> = {
  aggregate: (r) => r.aggregate('orders', { groupBy: ['region'], count: true, sum: ['qty'] }),
  aggregateSecret: (r) => r.aggregate('orders', { sum: ['secret'] }),
  aggregateWhere: (r) => r.aggregate('orders', { max: ['qty'], where: { region: { ne: 'east' } } }),
  whereOps: async (r) =>
    (
      await r.list('orders', { where: { qty: { gte: 2 }, region: ['north', 'east'] }, sort: 'createdAt' })
    ).map((o) => o.qty),
  whereRelative: (r) => r.count('orders', { placedAt: { lt: now() } }),
  limitOver: (r) => r.list('orders', { limit: 11 }),
  pages: async (r) => {
    const seen: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await r.page('orders', { limit: 2, sort: 'createdAt', ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((o) => o.qty));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return seen;
  },
  countBy: (r) => r.countBy('orders', 'region'),
};

export const queryApp = defineApp({
  about: { name: 'Orders', summary: 'Orders to count and carry.', audience: 'Tests.' },
  roles: { member: {}, guest: {}, clerk: {}, admin: { admin: true } },
  entities: {
    users: users({ fields: {}, access: { read: { member: true, clerk: true } } }),
    teams: entity({
      title: 'name',
      fields: { name: f.text({ min: 1, max: 40 }) },
      access: { read: { member: true, guest: true, clerk: true }, create: { member: true } },
    }),
    orders: entity({
      title: 'note',
      fields: {
        region: f.enum(['north', 'south', 'east']),
        team: f.ref('teams', { optional: true }),
        paid: f.boolean({ default: false }),
        qty: f.integer({ min: 0, max: 1000, optional: true }),
        amount: f.number({ optional: true }),
        secret: f.integer({ optional: true }),
        note: f.text({ max: 200, optional: true }),
        placedAt: f.datetime({ optional: true }),
        tags: f.list(f.text({ max: 20 }), { optional: true }),
      },
      access: {
        read: {
          member: true,
          clerk: true,
          guest: [
            { where: eq('region', 'north'), fields: SHOWN },
            { where: eq('region', 'south'), fields: [...SHOWN, 'secret'] },
          ],
        },
        create: { member: true, clerk: true },
        update: { member: true },
        delete: { member: true },
      },
    }),
  },
  actions: {
    storeProbe: action({
      who: { member: true, guest: true },
      input: { probe: f.text({ max: 40 }), elevated: f.boolean({ default: false }) },
      output: { json: f.longText({ max: 100_000 }) },
      handler: async ({ input, records, elevated }) => {
        const run = PROBES[input.probe];
        if (!run) throw new Error(`no probe ${input.probe}`);
        return { json: JSON.stringify(await run(input.elevated ? elevated : records)) };
      },
    }),
  },
  limits: {
    pageSize: { default: 5, max: 10 },
    rates: { clerkWrites: { scope: 'write', roles: ['clerk'], max: 3, window: '1m' } },
  },
});
