/**
 * For an admin: how close the people a quota applies to are to it — how many owners are at
 * the limit and one below — from one aggregate of the records the quota counts, grouped by
 * owner and counted by the server, then the owners the quota binds (its roles) looked up by
 * id. No record is paged through in the browser. When more owners have records than one
 * aggregate answers (AGGREGATE_MAX_GROUPS, past which the server refuses rather than cut),
 * the records are split by when they were created until each slice's owners fit, and the
 * slices' counts added up: the figures stay exact.
 */
import type { Page } from '@ninefold/client';
import { AGGREGATE_MAX_GROUPS, type QuotaMeta } from '@ninefold/spec';
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
    query: {
      readonly groupBy?: readonly string[];
      readonly count: true;
      readonly min?: readonly string[];
      readonly max?: readonly string[];
      readonly where: ListFilter;
    },
  ): Promise<{
    readonly groups: readonly {
      readonly key: Readonly<Record<string, unknown>>;
      readonly count?: number;
      readonly min?: Readonly<Record<string, unknown>>;
      readonly max?: Readonly<Record<string, unknown>>;
    }[];
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

/** A refusal of the query as such (MALFORMED_REQUEST): what too many groups is answered with. */
function isMalformed(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'MALFORMED_REQUEST';
}

const at = (ms: number) => new Date(ms).toISOString();

/** Counted records by owner, over the records `where` selects (see the file's note on splitting). */
async function ownerCounts(calls: QuotaCalls, quota: QuotaMeta, where: ListFilter) {
  const counts = new Map<string, number>();
  const grouped = async (filter: ListFilter) => {
    const { groups } = await calls.aggregate(quota.entity, {
      groupBy: [quota.owner],
      count: true,
      where: filter,
    });
    for (const g of groups) {
      const owner = g.key[quota.owner];
      if (typeof owner === 'string') counts.set(owner, (counts.get(owner) ?? 0) + (g.count ?? 0));
    }
  };
  // How many records, and when the first and the last were made (NaN when there are none).
  const span = async (filter: ListFilter) => {
    const q = { count: true, min: ['createdAt'], max: ['createdAt'], where: filter } as const;
    const g = (await calls.aggregate(quota.entity, q)).groups[0];
    const from = Date.parse(String(g?.min?.createdAt));
    const to = Date.parse(String(g?.max?.createdAt));
    return { records: g?.count ?? 0, from, to };
  };
  let refusal: unknown;
  try {
    await grouped(where);
    return counts;
  } catch (e) {
    // The quota's own rule already names the creation time: slicing by it would change its meaning.
    if (!isMalformed(e) || Object.hasOwn(where, 'createdAt')) throw e;
    refusal = e;
  }
  const whole = await span(where);
  // Fewer records than groups allowed cannot be too many owners: the refusal is another.
  if (!(whole.records > AGGREGATE_MAX_GROUPS) || Number.isNaN(whole.from) || Number.isNaN(whole.to))
    throw refusal;
  const slices: [number, number][] = [[whole.from, whole.to + 1]];
  for (let slice = slices.pop(); slice; slice = slices.pop()) {
    const [from, to] = slice;
    const filter = { ...where, createdAt: { gte: at(from), lt: at(to) } };
    try {
      await grouped(filter);
    } catch (e) {
      if (!isMalformed(e) || to - from <= 1 || (await span(filter)).records <= AGGREGATE_MAX_GROUPS) throw e;
      const middle = Math.floor((from + to) / 2);
      slices.push([middle, to], [from, middle]);
    }
  }
  return counts;
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
  const counts = await ownerCounts(calls, quota, filter);
  let records = 0;
  for (const n of counts.values()) records += n;
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
