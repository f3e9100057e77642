import { aggregateQuery, listQuery, type Page } from '@ninefold/client';
import { inState, or } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { type QuotaCalls, quotaPressure } from './quota-pressure';

const quota = {
  name: 'openTickets',
  entity: 'tickets',
  owner: 'requester',
  roles: ['customer'],
  where: { rule: or(inState('new'), inState('open')), text: 'the state is New or Open' },
  max: 3,
  error: 'OPEN_TICKET_LIMIT',
};

/** A fake API over rows: the aggregate groups them, the list serves users by id; every URL is remembered. */
function api(tickets: string[], customers: string[]) {
  const seen: string[] = [];
  const calls: QuotaCalls = {
    aggregate: async (entity, query) => {
      seen.push(`/api/entities/${entity}/aggregate?${aggregateQuery(query)}`);
      const counts = new Map<string, number>();
      for (const t of tickets) counts.set(t, (counts.get(t) ?? 0) + 1);
      return { groups: [...counts].map(([requester, count]) => ({ key: { requester }, count })) };
    },
    list: async (entity, options) => {
      seen.push(`/api/entities/${entity}?${listQuery(options)}`);
      const ids = (options.where.id as { in: string[] }).in;
      const items = customers.filter((c) => ids.includes(c)).map((id) => ({ id }));
      return { items, nextCursor: null } satisfies Page<Record<string, unknown>>;
    },
  };
  return { seen, calls };
}

describe('quotaPressure', () => {
  it('counts owners at and near the limit from one aggregate, among the roles the quota binds', async () => {
    // a: 3 (at the limit), b: 2 (one below), c: 1, d: 3 but an agent now (not bound).
    const { seen, calls } = api(['a', 'b', 'a', 'c', 'b', 'a', 'd', 'd', 'd'], ['a', 'b', 'c']);
    const p = await quotaPressure(quota, 'status', 2, calls);
    expect(p).toEqual({ atLimit: 1, nearLimit: 1, owners: 3, records: 9, complete: true });
    expect(decodeURIComponent(seen[0]!)).toBe(
      '/api/entities/tickets/aggregate?status[in]=new,open&groupBy=requester&count=true',
    );
    // The owners looked up by id, a page of ids at a time (4 owners, pages of 2).
    const users = seen.slice(1).map(decodeURIComponent);
    expect(users).toEqual([
      '/api/entities/users?id[in]=a,b&role[in]=customer&limit=2',
      '/api/entities/users?id[in]=c,d&role[in]=customer&limit=2',
    ]);
  });

  it('answers undefined when the rule is not a list filter, asking nothing', async () => {
    const { seen, calls } = api([], []);
    const odd = { ...quota, where: { rule: { kind: 'changed', field: 'x' } as const, text: '' } };
    expect(await quotaPressure(odd, 'status', 2, calls)).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('looks up no users when the quota binds every role', async () => {
    const { seen, calls } = api(['a', 'a', 'a'], []);
    const { roles: _roles, ...everyone } = quota;
    expect(await quotaPressure(everyone, 'status', 2, calls)).toMatchObject({ atLimit: 1, owners: 1 });
    expect(seen).toHaveLength(1);
  });
});
