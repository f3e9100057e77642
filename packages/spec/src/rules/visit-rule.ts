/**
 * The one dispatch over rule and expression nodes: a handler for every kind, in a record
 * keyed by kind. A kind added to `RuleNode` or `ExprNode` makes every interpreter written
 * this way fail to compile until it says what the new kind means — there is no `default:`
 * to hide in, which is how the old interpreters silently drifted apart.
 */
import type { ExprNode } from './expr';
import type { RuleNode } from './rule';

export type RuleKind = RuleNode['kind'];
export type ExprKind = ExprNode['kind'];
/** The rule node of one kind. */
export type RuleOf<K extends RuleKind> = Extract<RuleNode, { readonly kind: K }>;
/** The expression node of one kind. */
export type ExprOf<K extends ExprKind> = Extract<ExprNode, { readonly kind: K }>;

/** A handler for every rule kind; `S` is what the interpreter carries down (a scope, a context). */
export type RuleVisitor<R, S = undefined> = {
  readonly [K in RuleKind]: (node: RuleOf<K>, scope: S) => R;
};

/** A handler for every expression kind. */
export type ExprVisitor<R, S = undefined> = {
  readonly [K in ExprKind]: (node: ExprOf<K>, scope: S) => R;
};

/**
 * Calls the visitor's handler for the node's kind.
 * @example
 * const depth: RuleVisitor<number> = { and: (n) => 1 + Math.max(0, ...n.rules.map((r) => visitRule(r, depth, undefined))), … };
 * visitRule(and(allow(), deny()), depth, undefined) // 2
 */
export function visitRule<R, S>(node: RuleNode, visitor: RuleVisitor<R, S>, scope: S): R {
  // One property read and one call: this runs for every realtime subscriber of every event.
  return (visitor[node.kind] as (n: RuleNode, s: S) => R)(node, scope);
}

/**
 * Calls the visitor's handler for the expression's kind.
 * @example visitExpr(field('priority'), { field: (n) => n.name, … }, undefined) // 'priority'
 */
export function visitExpr<R, S>(node: ExprNode, visitor: ExprVisitor<R, S>, scope: S): R {
  return (visitor[node.kind] as (n: ExprNode, s: S) => R)(node, scope);
}

const CHILDREN: ExprVisitor<readonly ExprNode[]> = {
  field: () => [],
  literal: () => [],
  caller: () => [],
  const: () => [],
  input: () => [],
  now: () => [],
  addTime: (n) => [n.base, n.amount],
  lookup: (n) => [n.table, n.key],
  arith: (n) => [n.left, n.right],
  // Its `where` is a rule over other records, not a part of this value.
  aggregate: (n) => [n.of],
  clock: (n) => [n.value, n.zone],
};

/**
 * The expressions an expression is computed from, on the same record: what a walk that
 * collects fields or aggregates descends into.
 * @example exprChildren(addDays('resolvedAt', constant('REOPEN_WINDOW_DAYS'))) // [field resolvedAt, const …]
 */
export function exprChildren(node: ExprNode): readonly ExprNode[] {
  return visitExpr(node, CHILDREN, undefined);
}

/** Every rule kind, checked complete by the compiler (a missing or extra key is an error). */
export const RULE_KINDS: Readonly<Record<RuleKind, true>> = {
  allow: true,
  deny: true,
  signedIn: true,
  and: true,
  or: true,
  not: true,
  compare: true,
  in: true,
  isNull: true,
  inState: true,
  changed: true,
  related: true,
  can: true,
};

/** Every expression kind, checked complete by the compiler. */
export const EXPR_KINDS: Readonly<Record<ExprKind, true>> = {
  field: true,
  literal: true,
  caller: true,
  const: true,
  input: true,
  now: true,
  addTime: true,
  lookup: true,
  arith: true,
  aggregate: true,
  clock: true,
};
