/**
 * Realtime events applied to the query cache. A change shows at once where the cache already
 * holds the record (its own entry, and every list page carrying it), then the entity's
 * queries are refetched (totals and aggregates with them), since order, filters, counts and
 * `$can` depend on more than the record. A deleted record, or one its reader may no longer read, becomes `NOT_FOUND`.
 */
import { NinefoldError, type Page, type RealtimeEvent } from '@ninefold/client';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { keys } from './query-keys';

/** What one subscription listens to: a query of an entity, or one record. */
export interface LiveTarget {
  readonly where?: object;
  readonly id?: string;
}

type Row = { readonly id?: unknown };

const NOT_FOUND = {
  type: 'urn:ninefold:problem:NOT_FOUND',
  title: 'Not found.',
  status: 404,
  code: 'NOT_FOUND',
};

function listKey(query: Query): { where?: object } | undefined {
  const [, , kind, options] = query.queryKey;
  return kind === 'list' && typeof options === 'object' && options !== null ? options : undefined;
}

function patchLists(
  qc: QueryClient,
  entity: string,
  which: (options: { where?: object }) => boolean,
  patch: (items: Row[]) => Row[],
): void {
  for (const query of qc.getQueryCache().findAll({ queryKey: keys.entity(entity) })) {
    const options = listKey(query);
    const page = query.state.data as Page<Row> | undefined;
    if (!options || !which(options) || !Array.isArray(page?.items)) continue;
    const items = patch(page.items);
    // A record gone from the page is gone from the total too, until the refetch says exactly.
    const total =
      typeof page.total === 'number'
        ? Math.max(0, page.total - (page.items.length - items.length))
        : undefined;
    qc.setQueryData(query.queryKey, { ...page, items, ...(total === undefined ? {} : { total }) });
  }
}

function versionOf(record: unknown): number | undefined {
  const v =
    typeof record === 'object' && record !== null ? (record as { version?: unknown }).version : undefined;
  return typeof v === 'number' ? v : undefined;
}

/**
 * True when `next` is an older version of the record than `held`. Events and answers arrive
 * in no guaranteed order (a realtime event can overtake the answer to the write it reports),
 * so a version once shown is never replaced by an older one. A change without a version (an
 * optimistic patch) is not older than anything.
 * @example older({ version: 3 }, { version: 4 }) // true
 */
function older(next: unknown, held: unknown): boolean {
  const a = versionOf(next);
  const b = versionOf(held);
  return a !== undefined && b !== undefined && a < b;
}

/**
 * Shows a change to a record wherever the cache holds it: its own entry and every list page;
 * never over a newer version of it.
 * @example patchRecord(qc, 'tickets', id, { priority: 'high' })
 */
export function patchRecord(qc: QueryClient, entity: string, id: string, change: object): void {
  const merge = <T extends object>(old: T) => (older(change, old) ? old : { ...old, ...change });
  qc.setQueryData(keys.record(entity, id), (old: object | undefined) => (old ? merge(old) : old));
  patchLists(
    qc,
    entity,
    () => true,
    (items) => items.map((r) => (r.id === id ? merge(r) : r)),
  );
}

/** Every cached query of the entity as it is now, to put back if an optimistic write is refused. */
export type CacheSnapshot = readonly (readonly [QueryKey, unknown])[];

/**
 * @example const before = await holdStill(qc, 'tickets'); … restore(qc, before);
 */
export async function holdStill(qc: QueryClient, entity: string): Promise<CacheSnapshot> {
  // A refetch in flight would land on top of the optimistic value with the old one.
  await qc.cancelQueries({ queryKey: keys.entity(entity) });
  return qc.getQueriesData({ queryKey: keys.entity(entity) });
}

/**
 * Puts the entity's cached queries back as they were: an optimistic write the server refused.
 * A record someone else changed meanwhile (its realtime event came after the snapshot) keeps
 * their newer version: putting the snapshot back would show their change undone.
 * @example
 * const before = await holdStill(qc, 'tickets');
 * patchRecord(qc, 'tickets', id, { priority: 'urgent' });
 * try { await client.update('tickets', id, { priority: 'urgent' }); } catch { restore(qc, before); }
 */
export function restore(qc: QueryClient, snapshot: CacheSnapshot): void {
  for (const [key, data] of snapshot) {
    const now = qc.getQueryData(key);
    const items = (data as Page<Row> | undefined)?.items;
    const nowItems = (now as Page<Row> | undefined)?.items;
    if (Array.isArray(items) && Array.isArray(nowItems)) {
      const newer = (r: Row) => nowItems.find((n) => n.id === r.id && older(r, n)) ?? r;
      qc.setQueryData(key, { ...(data as Page<Row>), items: items.map(newer) });
    } else if (!older(data, now)) qc.setQueryData(key, data);
  }
}

/** The record's entry answers NOT_FOUND from now on, as a fresh read of it would. */
function markGone(qc: QueryClient, entity: string, id: string, detail: string): void {
  const query = qc.getQueryCache().find({ queryKey: keys.record(entity, id), exact: true });
  if (!query) return;
  query.setState({
    ...query.state,
    data: undefined,
    status: 'error',
    fetchStatus: 'idle',
    error: new NinefoldError({ ...NOT_FOUND, detail }),
    errorUpdatedAt: Date.now(),
    errorUpdateCount: query.state.errorUpdateCount + 1,
  });
}

/**
 * @example client.subscribe('tickets', target, (event) => applyLiveEvent(qc, 'tickets', target, event));
 */
export function applyLiveEvent(
  qc: QueryClient,
  entity: string,
  target: LiveTarget,
  event: RealtimeEvent,
): void {
  let gone: string | undefined;
  if (event.type === 'event') {
    const { id } = event;
    if (event.event === 'updated' || event.event === 'transitioned') {
      patchRecord(qc, entity, id, event.record);
    } else if (event.event === 'deleted' || (event.event === 'removed' && target.id)) {
      // Deleted, or (for a record's own subscription) no longer readable: gone everywhere.
      gone = id;
      markGone(qc, entity, id, event.event === 'deleted' ? 'This record was deleted.' : 'Not found.');
      patchLists(
        qc,
        entity,
        () => true,
        (items) => items.filter((r) => r.id !== id),
      );
    } else if (event.event === 'removed') {
      // Out of this query only: other lists may still hold it.
      const where = JSON.stringify(target.where ?? {});
      patchLists(
        qc,
        entity,
        (o) => JSON.stringify(o.where ?? {}) === where,
        (items) => items.filter((r) => r.id !== id),
      );
    }
  }
  // A resync means events were missed: any of them may have changed what a quota counts.
  if (event.type !== 'event' || event.event !== 'updated')
    void qc.invalidateQueries({ queryKey: keys.quotas() });
  const goneKey = gone === undefined ? undefined : JSON.stringify(keys.record(entity, gone));
  void qc.invalidateQueries({
    queryKey: keys.entity(entity),
    // Refetching a record known gone would only ask to be told NOT_FOUND again.
    predicate: (q) => goneKey === undefined || JSON.stringify(q.queryKey) !== goneKey,
  });
}
