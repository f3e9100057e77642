/**
 * Row locks that keep aggregate guards true under racing writes. A rule that reads an
 * aggregate of children (`sumOf('claimItems', 'claim', 'amount', …)`) is judged only after
 * the parent rows it reads are locked; and every write of a child — create, update, delete,
 * transition — locks the parents whose children it changes, wherever a guard of the app
 * aggregates over that entity. Both sides take the same lock, so a guard and a child write
 * run one after the other and each sees the other's rows. On SQLite one writer already runs
 * transactions in turn (group-commit.ts) and `lockRow` has nothing to add.
 */
import type { App, ExprOf, RuleNode } from '@ninefold/spec';
import { aggregateParents, aggregatesIn, type ParentRow, parentEntity } from '../rules/aggregate-parents';
import type { RecordScope } from './record-scope';
import type { Rec } from './row-codec';

type Aggregate = ExprOf<'aggregate'>;

/**
 * The rules a write is refused by: validation (`when` and `check`) and transition preconditions.
 * @example guardRules(app, 'claims') // [the submit transition's `requires` check, …]
 */
export function guardRules(app: App, entity: string): RuleNode[] {
  const node = app.entities[entity];
  if (!node) return [];
  return [
    ...node.validate.flatMap((v) => (v.when ? [v.when, v.check] : [v.check])),
    ...Object.values(node.states?.transitions ?? {}).flatMap((t) => t.requires.map((p) => p.check)),
  ];
}

const OVER = new WeakMap<App, ReadonlyMap<string, readonly Aggregate[]>>();

/** Every aggregate a guard of the app reads, by the child entity it aggregates. */
function aggregatesOver(app: App, child: string): readonly Aggregate[] {
  let byChild = OVER.get(app);
  if (!byChild) {
    const found = new Map<string, Aggregate[]>();
    for (const entity of Object.keys(app.entities)) {
      for (const rule of guardRules(app, entity)) {
        for (const a of aggregatesIn(rule)) found.set(a.entity, [...(found.get(a.entity) ?? []), a]);
      }
    }
    byChild = found;
    OVER.set(app, byChild);
  }
  return byChild.get(child) ?? [];
}

/**
 * Whether some guard of the app aggregates over `entity`: a write of one of its records
 * then locks the parents it belongs to.
 * @example guardsReadChildren(app, 'claimItems') // true: claims sum their items
 */
export function guardsReadChildren(app: App, entity: string): boolean {
  return aggregatesOver(app, entity).length > 0;
}

/**
 * The parents a write of a record of `entity` changes the children of: for each guard's
 * aggregate over `entity`, the row its `via` points at, before and after the write.
 */
function touchedParents(scope: RecordScope, entity: string, records: readonly (Rec | null)[]): ParentRow[] {
  const out: ParentRow[] = [];
  for (const a of aggregatesOver(scope.app, entity)) {
    const parent = parentEntity(scope.rules, a);
    if (parent === undefined) continue;
    for (const r of records) {
      const id = r?.[a.via];
      if (typeof id === 'string') out.push({ entity: parent, id });
    }
  }
  return out;
}

/**
 * Locks, in one fixed order (entity, then id, so no two writers deadlock on them), the parent
 * rows `rules` read through aggregates on `records`, those this write of `entity` changes the
 * children of, and `also`: every other row the write will lock (the records its references
 * point at, the keys its quotas count under). All of them before any is taken — a row locked
 * on its own first (the new parent of a moved child) and the sorted rest after is how two
 * writes moving children in opposite directions deadlocked. Call it before checking the
 * references, judging the rules and writing.
 * @example await lockGuardParents(scope, 'claimItems', guardRules(scope.app, 'claimItems'), [before, after], refs);
 */
export async function lockGuardParents(
  scope: RecordScope,
  entity: string,
  rules: readonly RuleNode[],
  records: readonly (Rec | null)[],
  also: readonly ParentRow[] = [],
): Promise<void> {
  const rows = new Map<string, ParentRow>();
  const add = (p: ParentRow) => rows.set(`${p.entity}\u0000${p.id}`, p);
  for (const rule of rules)
    for (const r of records) if (r) for (const p of aggregateParents(rule, entity, r, scope.rules)) add(p);
  for (const p of touchedParents(scope, entity, records)) add(p);
  for (const p of also) add(p);
  if (rows.size === 0) return;
  const ordered = [...rows.values()].sort((a, b) =>
    a.entity === b.entity ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.entity < b.entity ? -1 : 1,
  );
  for (const p of ordered) {
    await scope.exec.dialect.lockRow(scope.exec, p.entity, p.id);
    // A row read before the lock may be stale: read it again under the lock when asked.
    scope.forget(p.entity, p.id);
  }
}
