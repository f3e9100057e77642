/**
 * What a caller gets back for a record: only the fields they may read, plus `$can` — what
 * they may do with it right now (writable fields, delete, transitions), so a client shows
 * exactly the actions the server would accept.
 */
import { type EntityNode, SYSTEM_FIELDS } from '@ninefold/spec';
import { accessRule, grantsFor } from '../rules/access-rule';
import type { Holds, RecordScope } from './record-scope';
import type { Rec } from './row-codec';

export interface Can {
  readonly update: readonly string[];
  readonly delete: boolean;
  readonly transitions: readonly string[];
}

const SYSTEM = new Set<string>(SYSTEM_FIELDS);

/** Keeps the fields the caller may read (the record itself when all are readable). */
export function project(scope: RecordScope, entity: string, record: Rec): Rec {
  const readable = scope.readableFields(entity);
  return readable ? readableCopy(record, readable) : record;
}

/**
 * A fresh object of the readable fields, built key by key: measured cheaper to make and to
 * serialize than a spread of the record plus `$can` (a spread of ~20 fields cost a get by id
 * about a tenth of its throughput).
 */
function readableCopy(record: Rec, readable: ReadonlySet<string> | undefined): Rec {
  const out: Rec = {};
  for (const k of Object.keys(record)) if (!readable || SYSTEM.has(k) || readable.has(k)) out[k] = record[k];
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
 * The few distinct answers `pick` gives, each made once and shared: `$can` asks which of a
 * role's grants and transitions hold on every read, and the same handful of combinations
 * recur, so a bit mask of what held finds the answer without building a new array.
 */
const PICKED = new WeakMap<object, Map<number, readonly string[]>>();
const MASKABLE = 30;

function picked(owner: object, mask: number, pick: () => string[]): readonly string[] {
  let byMask = PICKED.get(owner);
  if (!byMask) {
    byMask = new Map();
    PICKED.set(owner, byMask);
  }
  let found = byMask.get(mask);
  if (!found) {
    found = Object.freeze(pick());
    byMask.set(mask, found);
  }
  return found;
}

/** The fields the caller may write on this record now. */
function writableNow(scope: RecordScope, entity: string, holds: Holds): readonly string[] {
  const writable = changeableFields(scope.entity(entity));
  if (scope.system) return writable;
  const grants = grantsFor(scope.app, entity, scope.role, 'update');
  if (grants === undefined) return writable;
  let mask = 0;
  for (let i = 0; i < grants.length; i++) if (holds(grants[i]!.where)) mask |= 1 << i;
  const pick = () => {
    const allowed = new Set<string>();
    grants.forEach((g, i) => {
      if (mask & (1 << i)) for (const f of g.fields ?? writable) allowed.add(f);
    });
    return writable.filter((f) => allowed.has(f));
  };
  return grants.length <= MASKABLE ? picked(grants, mask, pick) : pick();
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
    if (t.requires.every((p) => holds(p.check))) mask |= 1 << i;
  }
  if (mask === 0) return NONE;
  const pick = () => transitions.filter((_, i) => mask & (1 << i)).map((t) => t.name);
  return transitions.length <= MASKABLE ? picked(transitions, mask, pick) : pick();
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

/** A single-record answer: projected fields and `$can`, at once unless a rule needs related rows. */
export function answer(
  scope: RecordScope,
  entity: string,
  record: Rec,
  /** The record was read for this answer alone: it may be answered in place, uncopied. */
  owned = false,
): Rec | Promise<Rec> {
  const readable = scope.readableFields(entity);
  const out = owned && !readable ? record : readableCopy(record, readable);
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
