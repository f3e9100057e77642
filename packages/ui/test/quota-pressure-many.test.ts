/**
 * The admin console's quota pressure over more owners than one aggregate answers: the
 * helpdesk's open-tickets quota with 1,050 customers holding open tickets (the server refuses
 * an aggregate of more than 1,000 groups) is still counted, exactly, against an oracle paged
 * through the API — not "Could not be counted".
 */
import { AGGREGATE_MAX_GROUPS, type QuotaMeta } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaFilter } from '../src/admin/quota-filter';
import { quotaPressure } from '../src/admin/quota-pressure';
import { apiAs, DEMO, type HelpdeskClient, type HelpdeskServer, startHelpdesk } from './support';

const CUSTOMERS = 1050;

type Paged = { readonly items: readonly Record<string, unknown>[]; readonly nextCursor: string | null };
/** New tickets of customer i: one in five at the helpdesk's limit of 5, one in five a ticket below. */
const openOf = (i: number) => [5, 4, 1, 1, 2][i % 5]!;

describe('quota pressure past the largest aggregate', { timeout: 300_000 }, () => {
  let hd: HelpdeskServer;
  let admin: HelpdeskClient;

  beforeAll(async () => {
    hd = await startHelpdesk({ seed: true });
    for (let i = 0; i < CUSTOMERS; i++) {
      const email = `many${i}@example.test`;
      const user = await hd.nf.core.create(
        null,
        'users',
        { email, name: `Many ${i}`, role: 'customer' },
        true,
      );
      const caller = { id: String(user.id), role: 'customer', email };
      for (let k = 0; k < openOf(i); k++)
        await hd.nf.core.create(caller, 'tickets', {
          subject: `Many ticket ${i}.${k}`,
          description: 'Slow.',
        });
    }
    admin = await apiAs(hd.base, DEMO.admin.email);
  }, 300_000);

  afterAll(async () => {
    await hd?.close();
  });

  it('counts every owner exactly though one aggregate would be refused', async () => {
    const meta = await admin.meta();
    const quota = meta.limits.quotas.find((q) => q.name === 'openTickets') as QuotaMeta;
    const where = quotaFilter(quota.where?.rule, 'status')!;
    // The server refuses the one aggregate: the case this is about.
    await expect(
      admin.aggregate('tickets', { groupBy: ['requester'], count: true, where } as never),
    ).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
    // The oracle: every counted ticket, paged through, and the customers among their requesters.
    const byOwner = new Map<string, number>();
    let cursor: string | null = null;
    do {
      const page: Paged = await admin.list('tickets', { where: where as never, limit: 100, cursor });
      for (const t of page.items)
        byOwner.set(String(t.requester), (byOwner.get(String(t.requester)) ?? 0) + 1);
      cursor = page.nextCursor;
    } while (cursor);
    const customers = new Set<string>();
    cursor = null;
    do {
      const page: Paged = await admin.list('users', { where: { role: 'customer' }, limit: 100, cursor });
      for (const u of page.items) customers.add(String(u.id));
      cursor = page.nextCursor;
    } while (cursor);
    const bound = [...byOwner].filter(([id]) => customers.has(id));
    expect(bound.length).toBeGreaterThan(AGGREGATE_MAX_GROUPS);
    const calls = {
      aggregate: (entity: string, q: object) => admin.aggregate(entity as never, q as never) as never,
      list: (entity: string, o: object) => admin.list(entity as never, o as never) as never,
    };
    const p = await quotaPressure(quota, 'status', meta.limits.pageSize.max, calls);
    expect(p).toEqual({
      atLimit: bound.filter(([, n]) => n >= quota.max).length,
      nearLimit: bound.filter(([, n]) => n === quota.max - 1).length,
      owners: bound.length,
      records: [...byOwner.values()].reduce((a, n) => a + n, 0),
      complete: true,
    });
    expect(p?.atLimit).toBeGreaterThan(0);
    expect(p?.nearLimit).toBeGreaterThan(0);
  });
});
