/**
 * Reading the audit log. A record's history goes to whoever may read the record, each
 * change cut down to the fields they may read — the log must not tell what the record
 * hides. The whole log, filtered and paged, goes to admins only.
 */
import { AppError } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import type { AuditOperation } from './audit-log';
import { readAuditQuery } from './audit-query';

export interface HistoryEntry {
  readonly id: string;
  readonly at: string;
  readonly actor: string | null;
  readonly actorRole: string | null;
  readonly operation: AuditOperation;
  /** The transition's or action's name. */
  readonly name: string | null;
  readonly fromState: string | null;
  readonly toState: string | null;
  /** Per field, `[before, after]`. */
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
}

export interface AuditPage {
  readonly items: (HistoryEntry & { readonly entity: string; readonly recordId: string })[];
  readonly nextCursor: string | null;
}

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** One stored row as an entry; `readable` (when given) limits the fields and states shown. */
function toEntry(row: Row, readable?: (field: string) => boolean): HistoryEntry {
  const stored = typeof row.changes === 'string' ? JSON.parse(row.changes) : (row.changes ?? {});
  const changes = Object.fromEntries(
    Object.entries(stored as Record<string, [unknown, unknown]>).filter(([k]) => !readable || readable(k)),
  );
  return {
    id: String(row.id),
    at: String(row.at),
    actor: text(row.actor),
    actorRole: text(row.actorRole),
    operation: String(row.operation) as AuditOperation,
    name: text(row.name),
    fromState: text(row.fromState),
    toState: text(row.toState),
    changes,
  };
}

/**
 * The history of one record, oldest first: NOT_FOUND unless the caller may read the record.
 * @example const { items } = await recordHistory(core.scope(caller), 'tickets', id);
 */
export async function recordHistory(
  scope: RecordScope,
  entity: string,
  id: string,
): Promise<{ items: HistoryEntry[] }> {
  const node = scope.entity(entity);
  await scope.readable(entity, id);
  const fields = scope.readableFields(entity);
  // The same fields `project` keeps in a record answer; the state only if its field is readable.
  const readable = (f: string) => !fields || fields.has(f) || !Object.hasOwn(node.fields, f);
  const stateShown = !node.states || readable(node.states.field);
  const { exec } = scope;
  const rows = await exec.all<Row>(
    exec.qb
      .selectFrom('nf_audit')
      .selectAll()
      .where('entity', '=', entity)
      .where('recordId', '=', id)
      .orderBy('id'),
  );
  return {
    items: rows.map((r) => {
      const e = toEntry(r, readable);
      return stateShown ? e : { ...e, fromState: null, toState: null };
    }),
  };
}

/**
 * One page of the whole audit log, newest first, for admins: filters `entity`, `recordId`,
 * `actor`, `operation`, a `from`–`to` time range; `limit`; `cursor` from the previous page
 * (keyset on the time-ordered id). See audit-query.ts.
 * @example const page = await auditPage(core.scope(admin), { operation: 'delete', from: '2025-03-01' });
 */
export async function auditPage(
  scope: RecordScope,
  query: Readonly<Record<string, unknown>>,
): Promise<AuditPage> {
  if (!scope.system && !scope.caller) throw new AppError('UNAUTHENTICATED');
  if (!scope.system && !scope.app.roles[scope.role]?.admin) throw new AppError('FORBIDDEN');
  const { exec } = scope;
  const { limit, narrow } = readAuditQuery(query, scope.app.limits.pageSize);
  const q = narrow(exec.qb.selectFrom('nf_audit').selectAll());
  const rows = await exec.all<Row>(q.orderBy('id', 'desc').limit(limit + 1));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ entity: String(r.entity), recordId: String(r.recordId), ...toEntry(r) })),
    nextCursor: rows.length > limit && last ? Buffer.from(String(last.id)).toString('base64url') : null,
  };
}
