/**
 * What a delete takes with it, to any depth. Records whose `onDelete: 'cascade'` reference
 * points at a record that goes, go too — each as a direct delete would: its delete rules
 * judged, its own references followed (a `restrict` one refusing the whole delete, `setNull`
 * ones cleared, cascades taken further). No foreign key backs this up: this walk is all there
 * is between a delete and an orphan. Rows are read and written per entity in batches, under
 * row locks (where rows lock), all in the caller's transaction.
 */
import type { App, EntityNode, RefField } from '@ninefold/spec';
import { type RawBuilder, sql } from 'kysely';
import { forgetAccount } from '../accounts/account-cleanup';
import { guardAdmins } from '../accounts/admin-guard';
import { AppError } from '../app-error';
import { guardsReadChildren, lockGuardParents } from './guard-locks';
import type { RecordScope } from './record-scope';
import { decodeRow, type Rec } from './row-codec';
import { checkValidationRules, validationRules } from './write-checks';

/** Everything one delete does, in the order realtime and the audit log tell it. */
export interface Removal {
  /** Every record that goes, each parent before the records that went with it. */
  readonly deleted: { entity: string; row: Rec }[];
  /** Records whose reference to one that went was cleared: a new version each. */
  readonly cleared: { entity: string; before: Rec | null; after: Rec }[];
  /** The ids of every record already taken, by entity, so a cycle of cascades ends. */
  readonly taken: Map<string, Set<string>>;
}

interface Incoming {
  readonly entity: string;
  readonly node: EntityNode;
  readonly field: string;
  readonly ref: RefField;
}

const INCOMING = new WeakMap<App, Map<string, Incoming[]>>();

/** Every reference of the app to `target`, by the entity and field that hold it. */
function referencesTo(app: App, target: string): readonly Incoming[] {
  let byTarget = INCOMING.get(app);
  if (!byTarget) {
    byTarget = new Map();
    for (const [entity, node] of Object.entries(app.entities))
      for (const [field, ref] of Object.entries(node.fields))
        if (ref.type === 'ref')
          byTarget.set(ref.entity, [...(byTarget.get(ref.entity) ?? []), { entity, node, field, ref }]);
    INCOMING.set(app, byTarget);
  }
  return byTarget.get(target) ?? [];
}

// Far below any driver's limit on bound parameters (SQLite 32,766, PostgreSQL 65,535).
const BATCH = 500;

/** Runs `query` on each batch of `ids`, the batch as its `in (…)` list. */
async function inBatches<R>(
  scope: RecordScope,
  ids: readonly string[],
  query: (list: RawBuilder<unknown>) => RawBuilder<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const list = sql.join(ids.slice(i, i + BATCH).map((id) => sql`${id}`));
    out.push(...(await scope.exec.all<R>(query(list).compile(scope.exec.qb))));
  }
  return out;
}

const isTaken = (removal: Removal, entity: string, id: unknown) =>
  removal.taken.get(entity)?.has(String(id)) === true;

/** Whether deleting a record of `entity` has rules to judge or aggregate guards to lock for. */
function judgesDelete(scope: RecordScope, entity: string): boolean {
  return validationRules(scope.entity(entity), 'delete').length > 0 || guardsReadChildren(scope.app, entity);
}

/**
 * The delete rules of `entity`, judged on the record about to go, its aggregates' parents locked.
 * @example await checkDeleteRules(scope, 'claimItems', item) // CLAIM_LOCKED once submitted
 */
export async function checkDeleteRules(scope: RecordScope, entity: string, record: Rec): Promise<void> {
  if (!judgesDelete(scope, entity)) return;
  await lockGuardParents(scope, entity, validationRules(scope.entity(entity), 'delete'), [record]);
  await checkValidationRules(scope, entity, 'delete', record, new Set());
}

/**
 * Deletes `rows` of `entity` — already locked, access already judged — with everything their
 * references take along. Refuses the whole delete (the transaction rolls back) when a delete
 * rule fails or a `restrict` reference holds any record on the way.
 * @example const removal = newRemoval(); await removeRecords(scope, 'sites', [site], removal);
 */
export async function removeRecords(
  scope: RecordScope,
  entity: string,
  rows: readonly Rec[],
  removal: Removal,
): Promise<void> {
  const taken = removal.taken.get(entity) ?? new Set();
  removal.taken.set(entity, taken);
  for (const row of rows) {
    taken.add(String(row.id));
    await checkDeleteRules(scope, entity, row);
    if (entity === 'users') await guardAdmins(scope, String(row.id), row, null);
    removal.deleted.push({ entity, row });
  }
  const ids = rows.map((r) => String(r.id));
  for (const ref of referencesTo(scope.app, entity)) await follow(scope, ref, ids, removal);
  await inBatches(scope, ids, (list) => sql`delete from ${sql.table(entity)} where id in (${list})`);
  for (const id of ids) {
    scope.forget(entity, id);
    // An account's invitations, links, keys, password and sessions go with it.
    if (entity === 'users') await forgetAccount(scope, id);
  }
}

/** What one reference to the records `ids` does as they go: cascade, clear, or hold them. */
async function follow(scope: RecordScope, ref: Incoming, ids: readonly string[], removal: Removal) {
  const { dialect } = scope.exec;
  const table = sql.table(ref.entity);
  const column = sql.ref(ref.field);
  // Locked as read: a write that would point a new record at one of them waits, then misses it.
  const holding = async () =>
    (
      await inBatches<Rec>(
        scope,
        ids,
        (list) => sql`select * from ${table} where ${column} in (${list})${dialect.forUpdate}`,
      )
    )
      .filter((row) => !isTaken(removal, ref.entity, row.id))
      .map((row) => decodeRow(ref.node, row, dialect));
  if (ref.ref.onDelete === 'cascade') {
    const going = await holding();
    if (going.length > 0) await removeRecords(scope, ref.entity, going, removal);
  } else if (ref.ref.onDelete === 'setNull' || (ref.ref.optional && ref.ref.onDelete !== 'restrict')) {
    const held = await holding();
    if (held.length === 0) return;
    const now = scope.now.toISOString();
    const rows = await inBatches<Rec>(
      scope,
      held.map((r) => String(r.id)),
      (list) => sql`update ${table} set ${column} = null, ${sql.ref('updatedAt')} = ${now},
        ${sql.ref('version')} = ${sql.ref('version')} + 1 where id in (${list}) returning *`,
    );
    const before = new Map(held.map((r) => [String(r.id), r]));
    for (const row of rows) {
      const after = decodeRow(ref.node, row, dialect);
      scope.forget(ref.entity, String(after.id));
      removal.cleared.push({ entity: ref.entity, before: before.get(String(after.id)) ?? null, after });
    }
  } else {
    // A record this same delete takes anyway does not hold it; one more holder than those
    // taken is surely one that is not.
    const limit = (removal.taken.get(ref.entity)?.size ?? 0) + 1;
    const holders = await inBatches<{ id: unknown }>(
      scope,
      ids,
      (list) => sql`select id from ${table} where ${column} in (${list}) limit ${limit}`,
    );
    if (holders.some((h) => !isTaken(removal, ref.entity, h.id)))
      throw new AppError('STILL_REFERENCED', { entity: ref.entity });
  }
}

/**
 * An empty removal, to start one delete with.
 * @example const removal = newRemoval();
 */
export function newRemoval(): Removal {
  return { deleted: [], cleared: [], taken: new Map() };
}
