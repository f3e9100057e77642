/**
 * The one traversal of rule and expression trees: every node is visited with the scope it
 * is evaluated in, which changes under `related(via, rule)` to the referenced entity.
 */
import type { App } from '../app/define-app';
import type { ExprNode } from '../rules/expr';
import type { RuleNode } from '../rules/rule';
import { refTarget } from './app-lookup';

/** What the fields, states and references of a node are read from. */
export type RuleScope =
  /** A record of `entity`, reached from the rule's own entity through the `via` fields. */
  | { readonly kind: 'record'; readonly entity: string; readonly via: readonly string[] }
  /** No record at all (an action's rule): `what` says where, for messages. */
  | { readonly kind: 'none'; readonly what: string }
  /** Behind a reference that does not resolve: already reported, so its inside is not checked. */
  | { readonly kind: 'unresolved' };

export interface RuleVisitor {
  readonly rule?: (node: RuleNode, scope: RuleScope) => void;
  readonly expr?: (node: ExprNode, scope: RuleScope) => void;
}

/**
 * The scope of a rule written over an entity's own fields.
 * @example walkRule(app, rule, recordScope('tickets'), visitor)
 */
export function recordScope(entity: string): RuleScope {
  return { kind: 'record', entity, via: [] };
}

/**
 * Visits a rule and every rule and expression inside it, depth first.
 * @example
 * walkRule(app, grant.where, recordScope('tickets'), {
 *   expr: (node) => node.kind === 'const' && names.push(node.name),
 * });
 */
export function walkRule(app: App, node: RuleNode, scope: RuleScope, visitor: RuleVisitor): void {
  visitor.rule?.(node, scope);
  switch (node.kind) {
    case 'and':
    case 'or':
      for (const r of node.rules) walkRule(app, r, scope, visitor);
      return;
    case 'not':
      walkRule(app, node.rule, scope, visitor);
      return;
    case 'compare':
      walkExpr(node.left, scope, visitor);
      walkExpr(node.right, scope, visitor);
      return;
    case 'in':
      walkExpr(node.left, scope, visitor);
      return;
    case 'isNull':
      walkExpr(node.operand, scope, visitor);
      return;
    case 'related':
      walkRule(app, node.rule, relatedScope(app, scope, node.via), visitor);
      return;
    default:
      return;
  }
}

/**
 * Visits an expression and every expression inside it, depth first.
 * @example walkExpr(field.computed, recordScope('tickets'), { expr: (node) => console.log(node.kind) })
 */
export function walkExpr(node: ExprNode, scope: RuleScope, visitor: RuleVisitor): void {
  visitor.expr?.(node, scope);
  if (node.kind === 'addTime') {
    walkExpr(node.base, scope, visitor);
    walkExpr(node.amount, scope, visitor);
  } else if (node.kind === 'lookup') {
    walkExpr(node.table, scope, visitor);
    walkExpr(node.key, scope, visitor);
  }
}

function relatedScope(app: App, scope: RuleScope, via: string): RuleScope {
  if (scope.kind !== 'record') return { kind: 'unresolved' };
  const target = refTarget(app, scope.entity, via);
  return target ? { kind: 'record', entity: target, via: [...scope.via, via] } : { kind: 'unresolved' };
}
