/**
 * What a caller gets back for a record: only the fields they may read, plus `$can` — what
 * they may do with it right now (writable fields, delete, transitions), so a client shows
 * exactly the actions the server would accept.
 */
import type { RecordCan } from '@ninefold/spec';
import { type EntityNode, type GrantNode, type RuleNode, SYSTEM_FIELDS } from '@ninefold/spec';
import { fileFieldsOf, withUrls } from '../files/file-fields';
import { linksOf } from '../files/file-links';
import { accessRule, grantsFor } from '../rules/access-rule';
import type { Holds, RecordScope } from './record-scope';
import type { Rec } from './row-codec';
import { type UpdateGuard, updateGuards } from './update-guards';

/** What the caller may do to the record: the contract's `$can`. */
export type Can = RecordCan;

const SYSTEM = new Set<string>(SYSTEM_FIELDS);

/**
 * Keeps the fields the caller may read on this record (the record itself when all are):
 * those of the read grants that hold for it. At once unless a grant needs a related record.
 * @example const shown = await project(scope, 'users', row);
 */
export function project(scope: RecordScope, entity: string, record: Rec): Rec | Promise<Rec> {
  const fields = scope.fieldsOn(entity, record);
  const files = fileFieldsOf(scope.entity(entity));
  if (files.length > 0) {
    // Its files get the caller's urls: on a copy, always, so the stored record keeps its own.
    const shown = (f: ReadonlySet<string> | undefined) =>
      fileUrls(scope, entity, files, readableCopy(record, f));
    return fields instanceof Promise ? fields.then(shown) : shown(fields);
  }
  if (fields instanceof Promise) return fields.then((f) => (f ? readableCopy(record, f) : record));
  return fields ? readableCopy(record, fields) : record;
}

/**
 * Puts the caller's download url on each file `out` shows; at once once the database's link
 * key is read (it is read when the core is made), else after it.
 * @example const shown = await fileUrls(scope, 'tickets', ['attachments'], copy);
 */
export function fileUrls(
  scope: RecordScope,
  entity: string,
  files: readonly string[],
  out: Rec,
): Rec | Promise<Rec> {
  const links = linksOf(scope.exec);
  // A scope of no core's (a tool reading the database alone) signs nothing.
  if (!links) return out;
  if (!links.key)
    return links.ready().then(() => withUrls(out, entity, files, links, scope.caller, scope.now));
  return withUrls(out, entity, files, links, scope.caller, scope.now);
}

/**
 * `project` over a page of records, each judged on its own; one promise only if one needs it.
 * @example const items = await projectAll(scope, 'users', rows);
 */
export function projectAll(
  scope: RecordScope,
  entity: string,
  records: readonly Rec[],
): Rec[] | Promise<Rec[]> {
  const shown = records.map((r) => project(scope, entity, r));
  return shown.some((r) => r instanceof Promise) ? Promise.all(shown) : (shown as Rec[]);
}

/**
 * Whether a field passes the projection of `readable` (see `RecordScope.fieldsOn`): the
 * system fields always do.
 * @example isReadable(scope.readableFields('users'), 'disabled') // false for an agent
 */
export function isReadable(readable: ReadonlySet<string> | undefined, field: string): boolean {
  return !readable || SYSTEM.has(field) || readable.has(field);
}

/**
 * A fresh object of the readable fields, built key by key: measured cheaper to make and to
 * serialize than a spread of the record plus `$can` (a spread of ~20 fields cost a get by id
 * about a tenth of its throughput).
 * @example readableCopy(row, scope.readableFields('users'))
 */
export function readableCopy(record: Rec, readable: ReadonlySet<string> | undefined): Rec {
  const out: Rec = {};
  for (const k of Object.keys(record)) if (isReadable(readable, k)) out[k] = record[k];
  return out;
}

const WRITABLE = new WeakMap<object, readonly string[]>();

/** The fields anyone could ever change on a record of this entity. */
function changeableFields(node: EntityNode): readonly string[] {
  let fields = WRITABLE.get(node);
  if (!fields) {
    fields = Object.freeze(
      Object.entries(node.fields)
        .filter(([, f]) => !f.readOnly && !f.computed && f.type !== 'state' && !f.immutable)
        .map(([name]) => name),
    );
    WRITABLE.set(node, fields);
  }
  return fields;
}

/**
 * `$can` asks on every read which of a role's grants and transitions hold, and the same
 * handful of combinations recur: a bit mask of what held finds the answer, made once and
 * shared, without building a new array per request.
 */
const BY_MASK = new WeakMap<object, Map<number, readonly string[]>>();
const MASKABLE = 30;

function remembered(owner: object, mask: number): readonly string[] | undefined {
  return BY_MASK.get(owner)?.get(mask);
}

function remember(owner: object, mask: number, answer: string[]): readonly string[] {
  let byMask = BY_MASK.get(owner);
  if (!byMask) {
    byMask = new Map();
    BY_MASK.set(owner, byMask);
  }
  const frozen = Object.freeze(answer);
  byMask.set(mask, frozen);
  return frozen;
}

/** The fields the caller may write on this record now: granted, and not held back by a guard. */
function writableNow(scope: RecordScope, entity: string, holds: Holds): readonly string[] {
  const node = scope.entity(entity);
  const writable = changeableFields(node);
  if (scope.system) return writable;
  const grants = grantsFor(scope.app, entity, scope.role, 'update');
  return withoutGuarded(grantedNow(grants, writable, holds), updateGuards(node), holds);
}

function grantedNow(
  grants: readonly GrantNode[] | undefined,
  writable: readonly string[],
  holds: Holds,
): readonly string[] {
  if (grants === undefined) return writable;
  let mask = 0;
  for (let i = 0; i < grants.length; i++) if (holds(grants[i]!.where)) mask |= 1 << i;
  if (grants.length > MASKABLE) return fieldsOf(grants, writable, mask);
  return remembered(grants, mask) ?? remember(grants, mask, fieldsOf(grants, writable, mask));
}

/** Leaves out the granted fields whose guard fails; a guard on a field not granted is not asked. */
function withoutGuarded(
  fields: readonly string[],
  guards: readonly UpdateGuard[],
  holds: Holds,
): readonly string[] {
  let failed = 0;
  for (let i = 0; i < guards.length && i < MASKABLE; i++) {
    const g = guards[i]!;
    if (fields.includes(g.field) && !holds(g.check)) failed |= 1 << i;
  }
  if (failed === 0) return fields;
  return (
    remembered(fields, failed) ??
    remember(
      fields,
      failed,
      fields.filter((f) => !guards.some((g, i) => failed & (1 << i) && g.field === f)),
    )
  );
}

function fieldsOf(grants: readonly GrantNode[], writable: readonly string[], mask: number): string[] {
  const allowed = new Set<string>();
  grants.forEach((g, i) => {
    if (mask & (1 << i)) for (const f of g.fields ?? writable) allowed.add(f);
  });
  return writable.filter((f) => allowed.has(f));
}

/** The transitions the caller may run on this record now (state, who and preconditions). */
function runnableTransitions(
  scope: RecordScope,
  entity: string,
  record: Rec,
  holds: Holds,
): readonly string[] {
  const machine = scope.entity(entity).states;
  if (!machine) return NONE;
  const state = String(record[machine.field]);
  const transitions = transitionList(machine);
  let mask = 0;
  for (let i = 0; i < transitions.length; i++) {
    const t = transitions[i]!;
    if (!t.from.includes(state)) continue;
    const who = t.who[scope.role];
    if (!scope.system && (!who || !holds(who))) continue;
    if (allHold(t.requires, holds)) mask |= 1 << i;
  }
  if (mask === 0) return NONE;
  if (transitions.length > MASKABLE) return namesOf(transitions, mask);
  return remembered(transitions, mask) ?? remember(transitions, mask, namesOf(transitions, mask));
}

function allHold(requires: readonly { readonly check: RuleNode }[], holds: Holds): boolean {
  for (const r of requires) if (!holds(r.check)) return false;
  return true;
}

function namesOf(transitions: readonly { readonly name: string }[], mask: number): string[] {
  return transitions.filter((_, i) => mask & (1 << i)).map((t) => t.name);
}

const NONE: readonly string[] = Object.freeze([]);
type Machine = NonNullable<EntityNode['states']>;
const TRANSITIONS = new WeakMap<Machine, Machine['transitions'][string][]>();

function transitionList(machine: Machine): Machine['transitions'][string][] {
  let list = TRANSITIONS.get(machine);
  if (!list) {
    list = Object.values(machine.transitions);
    TRANSITIONS.set(machine, list);
  }
  return list;
}

/**
 * A single-record answer: the fields the caller may read on it and `$can`, at once unless a
 * rule needs related rows. A role whose read grants all show the same fields (most roles)
 * is projected without evaluating any of them: the get by id's hot path.
 * @example const shown = await answer(scope, 'tickets', row);
 */
export function answer(
  scope: RecordScope,
  entity: string,
  record: Rec,
  /** The record was read for this answer alone: it may be answered in place, uncopied. */
  owned = false,
): Rec | Promise<Rec> {
  const files = fileFieldsOf(scope.entity(entity));
  if (files.length === 0) return answerOf(scope, entity, record, owned);
  const shown = answerOf(scope, entity, record, false);
  return shown instanceof Promise
    ? shown.then((out) => fileUrls(scope, entity, files, out))
    : fileUrls(scope, entity, files, shown);
}

function answerOf(scope: RecordScope, entity: string, record: Rec, owned: boolean): Rec | Promise<Rec> {
  const plan = scope.readPlan(entity);
  if (plan.grants) {
    const fields = scope.fieldsOn(entity, record);
    return fields instanceof Promise
      ? fields.then((f) => withCan(scope, entity, record, readableCopy(record, f)))
      : withCan(scope, entity, record, readableCopy(record, fields));
  }
  return withCan(scope, entity, record, owned && !plan.common ? record : readableCopy(record, plan.common));
}

/** Puts `$can` on `out`, the answer made of `record`. */
function withCan(scope: RecordScope, entity: string, record: Rec, out: Rec): Rec | Promise<Rec> {
  const $can = scope.decided(
    entity,
    record,
    (holds): Can => ({
      update: writableNow(scope, entity, holds),
      delete: scope.system || holds(accessRule(scope.app, entity, scope.role, 'delete')),
      transitions: runnableTransitions(scope, entity, record, holds),
    }),
  );
  if ($can instanceof Promise)
    return $can.then((can) => {
      out.$can = can;
      return out;
    });
  out.$can = $can;
  return out;
}

/**
 * Whether the caller may write `field` on this record now: the very question `$can.update`
 * answers (the role's update grants that hold for it, its update guards), so a file's upload
 * and removal are judged as the form that offers them.
 * @example if (!(await mayUpdateField(scope, 'tickets', row, 'attachments'))) throw new AppError('FORBIDDEN');
 */
export function mayUpdateField(
  scope: RecordScope,
  entity: string,
  record: Rec,
  field: string,
): boolean | Promise<boolean> {
  return scope.decided(entity, record, (holds) => writableNow(scope, entity, holds).includes(field));
}
