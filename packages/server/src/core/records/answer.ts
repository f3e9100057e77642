/**
 * What a caller gets back for a record: only the fields they may read, plus `$can` — what
 * they may do with it right now (writable fields, delete, transitions), so a client shows
 * exactly the actions the server would accept.
 */
import { SYSTEM_FIELDS } from '@ninefold/spec';
import { grantsFor } from '../rules/access-rule';
import type { RecordScope } from './record-scope';
import type { Rec } from './row-codec';

export interface Can {
  readonly update: readonly string[];
  readonly delete: boolean;
  readonly transitions: readonly string[];
}

/** Keeps the fields the caller may read. */
export function project(scope: RecordScope, entity: string, record: Rec): Rec {
  const readable = scope.readableFields(entity);
  if (!readable) return record;
  const out: Rec = {};
  for (const [k, v] of Object.entries(record)) {
    if ((SYSTEM_FIELDS as readonly string[]).includes(k) || readable.has(k)) out[k] = v;
  }
  return out;
}

/** The fields the caller may write on this record now. */
export async function writableNow(scope: RecordScope, entity: string, record: Rec): Promise<string[]> {
  const node = scope.entity(entity);
  const writable = Object.entries(node.fields)
    .filter(([, f]) => !f.readOnly && !f.computed && f.type !== 'state' && !f.immutable)
    .map(([name]) => name);
  if (scope.system) return writable;
  const grants = grantsFor(scope.app, entity, scope.role, 'update');
  if (grants === undefined) return writable;
  const allowed = new Set<string>();
  for (const g of grants) {
    if (await scope.holds(g.where, entity, record)) for (const f of g.fields ?? writable) allowed.add(f);
  }
  return writable.filter((f) => allowed.has(f));
}

/** The transitions the caller may run on this record now (state, who and preconditions). */
export async function runnableTransitions(
  scope: RecordScope,
  entity: string,
  record: Rec,
): Promise<string[]> {
  const machine = scope.entity(entity).states;
  if (!machine) return [];
  const out: string[] = [];
  for (const t of Object.values(machine.transitions)) {
    if (!t.from.includes(String(record[machine.field]))) continue;
    const who = t.who[scope.role];
    if (!scope.system && (!who || !(await scope.holds(who, entity, record)))) continue;
    let ok = true;
    for (const p of t.requires) if (!(await scope.holds(p.check, entity, record))) ok = false;
    if (ok) out.push(t.name);
  }
  return out;
}

/** A single-record answer: projected fields and `$can`. */
export async function answer(scope: RecordScope, entity: string, record: Rec): Promise<Rec> {
  const $can: Can = {
    update: await writableNow(scope, entity, record),
    delete: await scope.may('delete', entity, record),
    transitions: await runnableTransitions(scope, entity, record),
  };
  return { ...project(scope, entity, record), $can };
}
