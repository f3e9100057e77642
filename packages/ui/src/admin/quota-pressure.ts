/**
 * For an admin: how close the people a quota applies to are to it — how many owners are at
 * the limit and one below — counted with plain list queries (the records the quota counts,
 * grouped by owner). Bounded: past a number of pages it stops and says "at least".
 *
 * The server has no aggregate of other people's usage (`/api/quotas` is the caller's own,
 * and lists have no count by owner), so the pages are read here, through the client.
 */
import type { Page } from '@ninefold/client';
import type { QuotaMeta } from '@ninefold/spec';
import { type ListFilter, quotaFilter } from './quota-filter';

export interface QuotaPressure {
  /** Owners with `max` counted records or more. */
  readonly atLimit: number;
  /** Owners one record below the limit. */
  readonly nearLimit: number;
  /** Owners with at least one counted record. */
  readonly owners: number;
  /** Records counted. */
  readonly records: number;
  /** False when the page budget ran out: the figures are lower bounds. */
  readonly complete: boolean;
}

/** Reads one page of a list, as `client.list` does; the console passes the client's. */
export type PageFetcher = (
  entity: string,
  options: { readonly where: ListFilter; readonly limit: number; readonly cursor: string | null },
) => Promise<Page<Readonly<Record<string, unknown>>>>;

/** Pages read at most per list: enough for thousands of records, still a quick look. */
export const MAX_PAGES = 20;

async function* pages(fetchPage: PageFetcher, entity: string, where: ListFilter, limit: number) {
  let cursor: string | null = null;
  for (let n = 0; n < MAX_PAGES; n++) {
    const page = await fetchPage(entity, { where, limit, cursor });
    yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
  // Out of budget with more to read.
  yield null;
}

/**
 * Undefined when the quota's rule is not a list filter (then it cannot be counted this way).
 * @example const p = await quotaPressure(meta.limits.quotas[0]!, 'status', 100, (entity, o) => client.list(entity, o));
 * // { atLimit: 1, nearLimit: 0, owners: 2, records: 7, complete: true }
 */
export async function quotaPressure(
  quota: QuotaMeta,
  stateField: string | undefined,
  pageSize: number,
  fetchPage: PageFetcher,
): Promise<QuotaPressure | undefined> {
  const filter = quotaFilter(quota.where?.rule, stateField);
  if (!filter) return undefined;
  let complete = true;
  const counts = new Map<string, number>();
  let records = 0;
  for await (const items of pages(fetchPage, quota.entity, filter, pageSize)) {
    if (!items) {
      complete = false;
      break;
    }
    for (const r of items) {
      const owner = r[quota.owner];
      if (typeof owner !== 'string') continue;
      records++;
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
  }
  // The quota binds only owners whose role it names; someone since moved to another role is free of it.
  let bound: ((owner: string) => boolean) | undefined;
  if (quota.roles && quota.roles.length > 0) {
    const ids = new Set<string>();
    for await (const items of pages(fetchPage, 'users', { role: { in: quota.roles } }, pageSize)) {
      if (!items) {
        complete = false;
        break;
      }
      for (const u of items) if (typeof u.id === 'string') ids.add(u.id);
    }
    bound = (owner) => ids.has(owner);
  }
  let atLimit = 0;
  let nearLimit = 0;
  let owners = 0;
  for (const [owner, n] of counts) {
    if (bound && !bound(owner)) continue;
    owners++;
    if (n >= quota.max) atLimit++;
    else if (n === quota.max - 1) nearLimit++;
  }
  return { atLimit, nearLimit, owners, records, complete };
}
