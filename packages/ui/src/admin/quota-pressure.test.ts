import { listQuery, type Page } from '@ninefold/client';
import { inState, or } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { type PageFetcher, quotaPressure } from './quota-pressure';

const quota = {
  name: 'openTickets',
  entity: 'tickets',
  owner: 'requester',
  roles: ['customer'],
  where: { rule: or(inState('new'), inState('open')), text: 'the state is New or Open' },
  max: 3,
  error: 'OPEN_TICKET_LIMIT',
};

/** A fake API: tickets and users served two per page, every list URL remembered. */
function api(tickets: string[], customers: string[]) {
  const seen: string[] = [];
  const page = (rows: Record<string, unknown>[], cursor: string | null): Page<Record<string, unknown>> => {
    const at = Number(cursor ?? 0);
    return { items: rows.slice(at, at + 2), nextCursor: at + 2 < rows.length ? String(at + 2) : null };
  };
  // As the client asks: the entity's path and the list's query string.
  const fetchPage: PageFetcher = async (entity, options) => {
    seen.push(`/api/entities/${entity}?${listQuery(options)}`);
    if (entity === 'tickets')
      return page(
        tickets.map((requester) => ({ requester })),
        options.cursor,
      );
    return page(
      customers.map((id) => ({ id })),
      options.cursor,
    );
  };
  return { seen, fetchPage };
}

describe('quotaPressure', () => {
  it('counts owners at and near the limit, across pages, among the roles the quota binds', async () => {
    // a: 3 (at the limit), b: 2 (one below), c: 1, d: 3 but an agent now (not bound).
    const { seen, fetchPage } = api(['a', 'b', 'a', 'c', 'b', 'a', 'd', 'd', 'd'], ['a', 'b', 'c']);
    const p = await quotaPressure(quota, 'status', 2, fetchPage);
    expect(p).toEqual({ atLimit: 1, nearLimit: 1, owners: 3, records: 9, complete: true });
    expect(decodeURIComponent(seen[0]!)).toBe('/api/entities/tickets?status[in]=new,open&limit=2');
    expect(seen.some((u) => decodeURIComponent(u).startsWith('/api/entities/users?role[in]=customer'))).toBe(
      true,
    );
  });

  it('answers undefined when the rule is not a list filter', async () => {
    const { fetchPage } = api([], []);
    const odd = { ...quota, where: { rule: { kind: 'changed', field: 'x' } as const, text: '' } };
    expect(await quotaPressure(odd, 'status', 2, fetchPage)).toBeUndefined();
  });

  it('says the figures are lower bounds when the page budget runs out', async () => {
    const { fetchPage } = api(
      Array.from({ length: 60 }, () => 'a'),
      ['a'],
    );
    const p = await quotaPressure(quota, 'status', 2, fetchPage);
    expect(p?.complete).toBe(false);
    expect(p?.records).toBe(40);
  });
});
