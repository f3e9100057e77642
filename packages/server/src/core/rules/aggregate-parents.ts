/**
 * The parent rows a rule's aggregates read (`countOf`, `sumOf`, … of a record's children):
 * a write takes their row locks before judging the rule, so two racing writes of children of
 * one parent run one after the other and each sees the other's row — a sum-of-children guard
 * holds under concurrency on both dialects.
 */
import {
  type ExprNode,
  type ExprOf,
  exprChildren,
  type RuleNode,
  type RuleVisitor,
  visitRule,
} from '@ninefold/spec';
import { evalExpr } from './evaluate-expr';
import type { RuleContext } from './rule-context';

type Aggregate = ExprOf<'aggregate'>;
type Row = Readonly<Record<string, unknown>>;

/** A row to lock: an entity and a record id. */
export interface ParentRow {
  readonly entity: string;
  readonly id: string;
}

const none = () => {};

// Only aggregates evaluated on the record itself: one under `related` reads another record,
// and one inside an aggregate's `where` is evaluated per child (neither is a parent of this write).
const IN_RULE: RuleVisitor<void, Aggregate[]> = {
  allow: none,
  deny: none,
  signedIn: none,
  inState: none,
  changed: none,
  related: none,
  can: none,
  and: (n, into) => {
    for (const r of n.rules) visitRule(r, IN_RULE, into);
  },
  or: (n, into) => {
    for (const r of n.rules) visitRule(r, IN_RULE, into);
  },
  not: (n, into) => visitRule(n.rule, IN_RULE, into),
  compare: (n, into) => {
    collectAggregates(n.left, into);
    collectAggregates(n.right, into);
  },
  in: (n, into) => collectAggregates(n.left, into),
  isNull: (n, into) => collectAggregates(n.operand, into),
};

/** Every aggregate an expression is computed from. */
function collectAggregates(e: ExprNode, into: Aggregate[]): void {
  if (e.kind === 'aggregate') into.push(e);
  for (const child of exprChildren(e)) collectAggregates(child, into);
}

/**
 * The aggregates a rule evaluates on its own record (not under `related`).
 * @example aggregatesIn(lte(sumOf('claimItems', 'claim', 'amount', { of: 'claim' }), 500_000)) // [the sumOf node]
 */
export function aggregatesIn(rule: RuleNode): readonly Aggregate[] {
  const found: Aggregate[] = [];
  visitRule(rule, IN_RULE, found);
  return found;
}

/**
 * The parent rows whose children the rule's aggregates count for this record, each once and in
 * a fixed order (entity, then id), so every writer locks them in the same order and none deadlock.
 * @example
 * for (const p of aggregateParents(v.check, 'claimItems', item, scope.rules))
 *   await scope.exec.dialect.lockRow(scope.exec, p.entity, p.id);
 */
export function aggregateParents(
  rule: RuleNode,
  entity: string,
  record: Row | null,
  ctx: RuleContext,
): ParentRow[] {
  const seen = new Map<string, ParentRow>();
  for (const node of aggregatesIn(rule)) {
    const parent = parentEntity(ctx, node);
    if (parent === undefined) continue;
    const id = parentId(node.of, entity, record, ctx);
    if (id !== null) seen.set(`${parent}\u0000${id}`, { entity: parent, id });
  }
  return [...seen.values()].sort((a, b) =>
    a.entity === b.entity ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.entity < b.entity ? -1 : 1,
  );
}

/** The entity an aggregate's `via` reference points at (its parents), if the spec has it. */
export function parentEntity(ctx: RuleContext, node: Aggregate): string | undefined {
  const f = ctx.app.entities[node.entity]?.fields[node.via];
  return f?.type === 'ref' ? f.entity : undefined;
}

function parentId(of: ExprNode, _entity: string, record: Row | null, ctx: RuleContext): string | null {
  const v = evalExpr(of, record, ctx);
  return typeof v === 'string' ? v : null;
}
