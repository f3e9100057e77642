/**
 * For an admin: how close the people a quota applies to are to it — how many owners are at
 * the limit and one below — from one aggregate of the records the quota counts, grouped by
 * owner and counted by the server, then the owners the quota binds (its roles) looked up by
 * id. Nothing is paged through in the browser.
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
  /** Always true now the server counts: kept so the panel's wording has one place. */
  readonly complete: boolean;
}

/** The calls the count needs, as the client makes them; the console passes the client's. */
export interface QuotaCalls {
  aggregate(
    entity: string,
    query: { readonly groupBy: readonly string[]; readonly count: true; readonly where: ListFilter },
  ): Promise<{
    readonly groups: readonly { readonly key: Readonly<Record<string, unknown>>; readonly count?: number }[];
  }>;
  list(
    entity: string,
    options: { readonly where: ListFilter; readonly limit: number; readonly cursor: string | null },
  ): Promise<Page<Readonly<Record<string, unknown>>>>;
}

/** The ids among `ids` of users in one of `roles`, a page of ids at a time. */
async function boundOwners(
  calls: QuotaCalls,
  ids: readonly string[],
  roles: readonly string[],
  pageSize: number,
) {
  const bound = new Set<string>();
  for (let at = 0; at < ids.length; at += pageSize) {
    const chunk = ids.slice(at, at + pageSize);
    const page = await calls.list('users', {
      where: { id: { in: chunk }, role: { in: [...roles] } },
      limit: pageSize,
      cursor: null,
    });
    for (const u of page.items) if (typeof u.id === 'string') bound.add(u.id);
  }
  return bound;
}

/**
 * Undefined when the quota's rule is not a list filter (then it cannot be counted this way).
 * @example const p = await quotaPressure(meta.limits.quotas[0]!, 'status', 100, { aggregate: client.aggregate, list: client.list });
 * // { atLimit: 1, nearLimit: 0, owners: 2, records: 7, complete: true }
 */
export async function quotaPressure(
  quota: QuotaMeta,
  stateField: string | undefined,
  pageSize: number,
  calls: QuotaCalls,
): Promise<QuotaPressure | undefined> {
  const filter = quotaFilter(quota.where?.rule, stateField);
  if (!filter) return undefined;
  const { groups } = await calls.aggregate(quota.entity, {
    groupBy: [quota.owner],
    count: true,
    where: filter,
  });
  const counts = new Map<string, number>();
  let records = 0;
  for (const g of groups) {
    const owner = g.key[quota.owner];
    if (typeof owner !== 'string') continue;
    records += g.count ?? 0;
    counts.set(owner, g.count ?? 0);
  }
  // The quota binds only owners whose role it names; someone since moved to another role is free of it.
  const bound =
    quota.roles && quota.roles.length > 0
      ? await boundOwners(calls, [...counts.keys()], quota.roles, pageSize)
      : undefined;
  let atLimit = 0;
  let nearLimit = 0;
  let owners = 0;
  for (const [owner, n] of counts) {
    if (bound && !bound.has(owner)) continue;
    owners++;
    if (n >= quota.max) atLimit++;
    else if (n === quota.max - 1) nearLimit++;
  }
  return { atLimit, nearLimit, owners, records, complete: true };
}
