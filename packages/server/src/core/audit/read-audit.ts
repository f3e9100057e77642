/**
 * Reading the audit log. A record's history goes to whoever may read the record, each
 * change cut down to the fields they may read, and a write that changed only fields hidden
 * from them left out — the log must not tell what the record hides, nor when it changed.
 * The whole log, filtered and paged, goes to admins only, judged the same way per entity.
 */

import type { AuditEntry, AuditOperation, HistoryEntry, Page } from '@ninefold/spec';
import { isAdminRole } from '@ninefold/spec';
import { AppError } from '../app-error';
import { isReadable } from '../records/answer';
import type { RecordScope } from '../records/record-scope';
import type { FieldSet } from '../rules/record-fields';
import { auditCursorKey, openCursor, sealCursor } from './audit-cursor';
import { readAuditQuery } from './audit-query';
import { isHiddenChange } from './hidden-change';

/** A page of the whole audit log: the contract's shape. */
export type AuditPage = Page<AuditEntry>;

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** One stored row as an entry, every change in it. */
function toEntry(row: Row): HistoryEntry {
  const stored = typeof row.changes === 'string' ? JSON.parse(row.changes) : (row.changes ?? {});
  return {
    id: String(row.id),
    at: String(row.at),
    actor: text(row.actor),
    actorRole: text(row.actorRole),
    operation: String(row.operation) as AuditOperation,
    name: text(row.name),
    fromState: text(row.fromState),
    toState: text(row.toState),
    changes: stored as Record<string, readonly [unknown, unknown]>,
  };
}

/** Stored entries as the scope's caller may see them; `null` for one they are not told of. */
type ReaderView = (entry: HistoryEntry) => HistoryEntry | null;

/**
 * How a reader who may read `fields` of a record sees its entries: the changes cut to those
 * fields, the states only if the state field is one of them, and an update or a transition
 * whose changed fields are all hidden from them left out whole (hidden-change.ts) — so
 * neither the entry nor the gap in `changes` tells when a hidden field changed. A create and
 * a delete are always told: they are the record coming and going.
 */
function readerView(scope: RecordScope, entity: string, fields: FieldSet): ReaderView {
  if (!fields) return (e) => e;
  const node = Object.hasOwn(scope.app.entities, entity) ? scope.app.entities[entity] : undefined;
  const stateShown = !node?.states || isReadable(fields, node.states.field);
  return (e) => {
    const changed = Object.keys(e.changes);
    if ((e.operation === 'update' || e.operation === 'transition') && isHiddenChange(changed, fields))
      return null;
    const changes = Object.fromEntries(
      changed.filter((k) => isReadable(fields, k)).map((k) => [k, e.changes[k]!]),
    );
    return stateShown ? { ...e, changes } : { ...e, changes, fromState: null, toState: null };
  };
}

/**
 * The fields a record's entries are cut to: those the caller may read on the record as it
 * is now — the fields a record answer shows them, whichever read grants admit it (a record
 * gone, or one no grant admits, shows only what every grant shows: `common`).
 */
async function fieldsNow(scope: RecordScope, entity: string, id: string): Promise<FieldSet> {
  const plan = scope.readPlan(entity);
  if (!plan.grants) return plan.common;
  const row = await scope.load(entity, id);
  return row ? scope.fieldsOn(entity, row) : plan.common;
}

/**
 * The history of one record, oldest first: NOT_FOUND unless the caller may read the record.
 * Each entry as `readerView` lets the caller see it; an entry left out leaves no trace.
 * @example const { items } = await recordHistory(core.scope(caller), 'tickets', id);
 */
export async function recordHistory(
  scope: RecordScope,
  entity: string,
  id: string,
): Promise<{ items: HistoryEntry[] }> {
  scope.entity(entity);
  const row = await scope.readable(entity, id);
  const view = readerView(scope, entity, await scope.fieldsOn(entity, row));
  const { exec } = scope;
  const rows = await exec.all<Row>(
    exec.qb
      .selectFrom('nf_audit')
      .selectAll()
      .where('entity', '=', entity)
      .where('recordId', '=', id)
      .orderBy('id'),
  );
  return { items: rows.flatMap((r) => view(toEntry(r)) ?? []) };
}

/** Raw entries one page reads at most to fill itself with entries the caller is shown. */
export const AUDIT_SCAN_LIMIT = 1000;

/**
 * One page of the whole audit log, newest first, for admins: filters `entity`, `recordId`,
 * `actor`, `operation`, a `from`–`to` time range; `limit`; `cursor` from the previous page
 * (keyset on the time-ordered id, sealed: audit-cursor.ts). See audit-query.ts. Each entry
 * is judged like a record's history, by the fields the admin may read of its entity: where
 * the spec limits an admin role to some fields, a write that changed only others is left
 * out. The page reads on past such entries until it holds `limit` shown ones, and
 * `nextCursor` is null unless another shown entry follows — so neither the page nor its
 * cursor depends on the hidden entries. Only when AUDIT_SCAN_LIMIT entries were read
 * without filling it does a page come back short with a cursor, sealed where the scan stopped.
 * @example const page = await auditPage(core.scope(admin), { operation: 'delete', from: '2025-03-01' });
 */
export async function auditPage(
  scope: RecordScope,
  query: Readonly<Record<string, unknown>>,
): Promise<AuditPage> {
  if (!scope.system && !scope.caller) throw new AppError('UNAUTHENTICATED');
  if (!scope.system && !isAdminRole(scope.app, scope.role)) throw new AppError('FORBIDDEN');
  const { exec } = scope;
  const { limit, cursor, filters, narrow } = readAuditQuery(query, scope.app.limits.pageSize);
  const key = await auditCursorKey(exec);
  let before = cursor === undefined ? undefined : openCursor(key, cursor, filters);
  // Enough for a page of entries all shown and one more, in as few reads as the bound allows.
  const batch = Math.min(Math.max(limit + 1, 100), AUDIT_SCAN_LIMIT);
  const judge = entryJudge(scope);
  const items: AuditPage['items'] = [];
  let scanned = 0;
  while (items.length <= limit && scanned < AUDIT_SCAN_LIMIT) {
    const size = Math.min(batch, AUDIT_SCAN_LIMIT - scanned);
    const rows = await exec.all<Row>(
      narrow(exec.qb.selectFrom('nf_audit').selectAll(), before).orderBy('id', 'desc').limit(size),
    );
    for (const r of rows) {
      before = String(r.id);
      scanned += 1;
      const entry = await judge(r);
      if (entry && items.push(entry) > limit) break;
    }
    // The log (as filtered) ends here: no entry follows, shown or not.
    if (rows.length < size && items.length <= limit) return { items, nextCursor: null };
  }
  if (items.length > limit) {
    items.length = limit;
    return { items, nextCursor: sealCursor(key, items.at(-1)!.id, filters) };
  }
  // The bound was reached: go on from where the scan stopped, which may be a hidden entry.
  return { items, nextCursor: before === undefined ? null : sealCursor(key, before, filters) };
}

/**
 * Each stored row as the scope's caller may see it, or null. One view per record: most
 * entities' views are one per entity (`fieldsNow` answers their `common` at once), and a
 * record met twice is judged once.
 */
function entryJudge(scope: RecordScope): (row: Row) => Promise<AuditPage['items'][number] | null> {
  const views = new Map<string, ReaderView>();
  return async (r) => {
    const entity = String(r.entity);
    const recordId = String(r.recordId);
    const key = scope.readPlan(entity).grants ? `${entity}:${recordId}` : entity;
    let view = views.get(key);
    if (!view) {
      // An action's entry names no entity: its view is every field, it holds no changes.
      const known = Object.hasOwn(scope.app.entities, entity);
      view = readerView(scope, entity, known ? await fieldsNow(scope, entity, recordId) : undefined);
      views.set(key, view);
    }
    const entry = view(toEntry(r));
    return entry ? { entity, recordId, ...entry } : null;
  };
}
