/**
 * Which fields of a record a role may read. A role may hold several read grants, each with
 * its own `where` and `fields`; the fields it reads on one record are the union of the
 * `fields` of the grants whose `where` holds for that record (a grant naming none gives
 * all). A read plan says, once per entity and role, whether that ever differs from record
 * to record: when it does not (one grant, or grants that all name the same fields) every
 * record is projected the same and nothing is evaluated per record — the hot path.
 */
import type { App, GrantNode } from '@ninefold/spec';
import { grantsFor } from './access-rule';
import { evalRule, NEEDS_ROWS, type RowLoader, ruleNow } from './evaluate-rule';
import type { RuleContext } from './rule-context';

/** Fields one may read; `undefined` means every field. */
export type FieldSet = ReadonlySet<string> | undefined;

/** Whether a grant of a plan's `grants` holds for the record at hand. */
export type GrantHolds = (grant: GrantNode) => boolean;

export interface ReadPlan {
  /**
   * The fields shown on every record the role may read, whichever grant admitted it (the
   * intersection of its grants' fields). The only fields its list filters and sorts may
   * name: a filter on a field some records hide would tell that field's value by which of
   * them come back.
   */
  readonly common: FieldSet;
  /** The grants that decide per record; absent when every record shows `common`. */
  readonly grants?: readonly GrantNode[];
}

/** Every field on every record: an admin with no grant of its own, or the system. */
export const EVERY_FIELD: ReadPlan = Object.freeze({ common: undefined });
const NONE: ReadPlan = Object.freeze({ common: new Set<string>() });
const PLANS = new WeakMap<readonly GrantNode[], ReadPlan>();

/**
 * The read plan of a role on an entity, made once per grant list.
 * @example
 * readPlan(app, 'users', 'customer')
 * // { common: Set { 'id', 'name' }, grants: [{ where: callerIs('id') }, { where: …, fields: ['id', 'name'] }] }
 */
export function readPlan(app: App, entity: string, role: string): ReadPlan {
  const grants = grantsFor(app, entity, role, 'read');
  if (grants === undefined) return EVERY_FIELD;
  if (grants.length === 0) return NONE;
  let plan = PLANS.get(grants);
  if (!plan) {
    plan = planOf(grants);
    PLANS.set(grants, plan);
  }
  return plan;
}

function planOf(grants: readonly GrantNode[]): ReadPlan {
  const sets = grants.map((g) => (g.fields ? new Set(g.fields) : undefined));
  const first = sets[0];
  if (sets.every((s) => sameFields(s, first))) return Object.freeze({ common: first });
  let common: Set<string> | undefined;
  for (const s of sets) {
    if (!s) continue;
    common = common ? new Set([...common].filter((f) => s.has(f))) : new Set(s);
  }
  return Object.freeze({ common, grants });
}

/**
 * Whether two field sets name the same fields.
 * @example sameFields(new Set(['a']), new Set(['a'])) // true
 */
export function sameFields(a: FieldSet, b: FieldSet): boolean {
  if (a === b) return true;
  if (!a || !b) return a === b;
  if (a.size !== b.size) return false;
  for (const f of a) if (!b.has(f)) return false;
  return true;
}

// Past this many grants a bit mask no longer fits a small integer: the set is made afresh.
const MASKABLE = 30;
const BY_MASK = new WeakMap<ReadPlan, Map<number, FieldSet>>();

/**
 * The fields readable on one record, given which grants hold for it. The same set object
 * comes back for the same grants held, so a caller may key a cache on it (realtime keeps
 * one serialization per set). When no grant holds (a record read outside the read rule,
 * such as a deleted one in the audit log) the answer is `common`: never more than any
 * readable record shows.
 * @example fieldsHeld(plan, (g) => holds(g.where)) // Set { 'id', 'name' } on another user's account
 */
export function fieldsHeld(plan: ReadPlan, holds: GrantHolds): FieldSet {
  const { grants } = plan;
  if (!grants) return plan.common;
  let mask = 0;
  for (let i = 0; i < grants.length; i++) if (holds(grants[i]!)) mask |= 1 << (i % MASKABLE);
  if (mask === 0) return plan.common;
  if (grants.length > MASKABLE) return union(grants.filter((g) => holds(g)));
  let byMask = BY_MASK.get(plan);
  if (!byMask) {
    byMask = new Map();
    BY_MASK.set(plan, byMask);
  }
  if (byMask.has(mask)) return byMask.get(mask);
  const fields = union(grants.filter((_, i) => mask & (1 << i)));
  byMask.set(mask, fields);
  return fields;
}

function union(held: readonly GrantNode[]): FieldSet {
  if (held.some((g) => !g.fields)) return undefined;
  return new Set(held.flatMap((g) => g.fields ?? []));
}

/**
 * `fieldsHeld` with each grant's `where` evaluated on `record` — at once when no rule needs
 * a related record, else a promise that loads what those rules read through `load`.
 * @example const fields = await fieldsOfRecord(plan, 'users', row, ctx, load);
 */
export function fieldsOfRecord(
  plan: ReadPlan,
  entity: string,
  record: Readonly<Record<string, unknown>>,
  ctx: RuleContext,
  load: RowLoader,
): FieldSet | Promise<FieldSet> {
  const { grants } = plan;
  if (!grants) return plan.common;
  let pending: Promise<unknown>[] | undefined;
  const known = new Map<GrantNode, boolean>();
  for (const g of grants) {
    const now = ruleNow(g.where, entity, record, ctx);
    if (now !== NEEDS_ROWS) {
      known.set(g, now);
      continue;
    }
    pending ??= [];
    pending.push(evalRule(g.where, entity, record, ctx, load).then((held) => void known.set(g, held)));
  }
  const answer = () => fieldsHeld(plan, (g) => known.get(g) === true);
  return pending ? Promise.all(pending).then(answer) : answer();
}
