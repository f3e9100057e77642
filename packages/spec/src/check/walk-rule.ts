/**
 * The one traversal of rule and expression trees: every node is visited with the scope it
 * is evaluated in, which changes under `related(via, rule)` to the referenced entity.
 */
import type { App } from '../app/define-app';
import type { ExprNode } from '../rules/expr';
import type { RuleNode } from '../rules/rule';
import {
  type ExprOf,
  type ExprVisitor,
  type RuleVisitor as RuleNodeVisitor,
  visitExpr,
  visitRule,
} from '../rules/visit-rule';
import { refTarget } from './app-lookup';

/** What the fields, states and references of a node are read from. */
export type RuleScope =
  /**
   * A record of `entity`, reached from the rule's own entity through the `via` fields, or
   * a child record an aggregate counts (`under` names the aggregate, for messages; the
   * aggregate's `where` always becomes SQL, so a scope with `under` is SQL — `becomesSql`).
   */
  | {
      readonly kind: 'record';
      readonly entity: string;
      readonly via: readonly string[];
      readonly under?: string;
    }
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
  visitRule(node, RULE_CHILDREN, { app, scope, visitor });
}

/**
 * Visits an expression and every expression inside it, depth first.
 * @example walkExpr(field.computed, recordScope('tickets'), { expr: (node) => console.log(node.kind) })
 */
export function walkExpr(node: ExprNode, scope: RuleScope, visitor: RuleVisitor, app?: App): void {
  visitor.expr?.(node, scope);
  visitExpr(node, EXPR_CHILDREN, { app, scope, visitor });
}

interface Walk {
  readonly app: App;
  readonly scope: RuleScope;
  readonly visitor: RuleVisitor;
}

/** Without an app (an expression walked on its own), an aggregate's `where` is not walked. */
type ExprWalk = Omit<Walk, 'app'> & { readonly app: App | undefined };

const leaf = () => {};

// Every kind says what it holds, so a new kind cannot be walked past unseen.
const RULE_CHILDREN: RuleNodeVisitor<void, Walk> = {
  allow: leaf,
  deny: leaf,
  signedIn: leaf,
  inState: leaf,
  changed: leaf,
  can: leaf,
  and: (n, w) => {
    for (const r of n.rules) walkRule(w.app, r, w.scope, w.visitor);
  },
  or: (n, w) => {
    for (const r of n.rules) walkRule(w.app, r, w.scope, w.visitor);
  },
  not: (n, w) => walkRule(w.app, n.rule, w.scope, w.visitor),
  compare: (n, w) => {
    walkExpr(n.left, w.scope, w.visitor, w.app);
    walkExpr(n.right, w.scope, w.visitor, w.app);
  },
  in: (n, w) => walkExpr(n.left, w.scope, w.visitor, w.app),
  isNull: (n, w) => walkExpr(n.operand, w.scope, w.visitor, w.app),
  related: (n, w) => walkRule(w.app, n.rule, relatedScope(w.app, w.scope, n.via), w.visitor),
};

const EXPR_CHILDREN: ExprVisitor<void, ExprWalk> = {
  field: leaf,
  literal: leaf,
  caller: leaf,
  const: leaf,
  input: leaf,
  now: leaf,
  addTime: (n, w) => {
    walkExpr(n.base, w.scope, w.visitor, w.app);
    walkExpr(n.amount, w.scope, w.visitor, w.app);
  },
  lookup: (n, w) => {
    walkExpr(n.table, w.scope, w.visitor, w.app);
    walkExpr(n.key, w.scope, w.visitor, w.app);
  },
  arith: (n, w) => {
    walkExpr(n.left, w.scope, w.visitor, w.app);
    walkExpr(n.right, w.scope, w.visitor, w.app);
  },
  aggregate: (n, w) => {
    walkExpr(n.of, w.scope, w.visitor, w.app);
    if (n.where && w.app) walkRule(w.app, n.where, childScope(w.app, n), w.visitor);
  },
  clock: (n, w) => {
    walkExpr(n.value, w.scope, w.visitor, w.app);
    walkExpr(n.zone, w.scope, w.visitor, w.app);
  },
};

/** The scope an aggregate's `where` is written in: the child entity's records. */
function childScope(app: App, n: ExprOf<'aggregate'>): RuleScope {
  return Object.hasOwn(app.entities, n.entity)
    ? { kind: 'record', entity: n.entity, via: [], under: `${n.fn}Of('${n.entity}')` }
    : { kind: 'unresolved' };
}

function relatedScope(app: App, scope: RuleScope, via: string): RuleScope {
  if (scope.kind !== 'record') return { kind: 'unresolved' };
  const target = refTarget(app, scope.entity, via);
  return target
    ? {
        kind: 'record',
        entity: target,
        via: [...scope.via, via],
        ...(scope.under ? { under: scope.under } : {}),
      }
    : { kind: 'unresolved' };
}
