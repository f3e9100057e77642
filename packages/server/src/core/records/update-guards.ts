/**
 * Validation rules that decide whether a field may change at all, whatever the new value:
 * `when: changed('satisfaction')` with a check that reads neither that field nor a computed
 * one, so it reads the same on the record before a patch of that field as after it.
 * `$can.update` leaves such a field out while its check fails, and a form does not offer
 * what the server would refuse (a rating before the ticket is resolved).
 */
import type { EntityNode, ExprNode, RuleNode } from '@ninefold/spec';

export interface UpdateGuard {
  readonly field: string;
  readonly check: RuleNode;
}

const GUARDS = new WeakMap<EntityNode, readonly UpdateGuard[]>();

/**
 * The entity's update guards, worked out once.
 * @example updateGuards(app.entities.tickets!) // [{ field: 'satisfaction', check: … }]
 */
export function updateGuards(node: EntityNode): readonly UpdateGuard[] {
  let guards = GUARDS.get(node);
  if (!guards) {
    guards = Object.freeze(
      node.validate.flatMap((v): UpdateGuard[] => {
        if (!v.on.includes('update') || v.when?.kind !== 'changed') return [];
        const field = v.when.field;
        const read = readsOfRule(node, v.check);
        if (read === undefined || read.has(field)) return [];
        for (const f of read) if (node.fields[f]?.computed) return [];
        return [{ field, check: v.check }];
      }),
    );
    GUARDS.set(node, guards);
  }
  return guards;
}

/** The record's own fields a rule reads; undefined when it asks what changed (no answer before a write). */
function readsOfRule(node: EntityNode, rule: RuleNode, into = new Set<string>()): Set<string> | undefined {
  switch (rule.kind) {
    case 'and':
    case 'or':
      for (const r of rule.rules) if (!readsOfRule(node, r, into)) return undefined;
      return into;
    case 'not':
      return readsOfRule(node, rule.rule, into);
    case 'compare':
      readsOfExpr(rule.left, into);
      readsOfExpr(rule.right, into);
      return into;
    case 'in':
      readsOfExpr(rule.left, into);
      return into;
    case 'isNull':
      readsOfExpr(rule.operand, into);
      return into;
    case 'inState':
      if (node.states) into.add(node.states.field);
      return into;
    case 'related':
    case 'can':
      into.add(rule.via);
      return into;
    case 'changed':
      return undefined;
    default:
      return into;
  }
}

function readsOfExpr(expr: ExprNode, into: Set<string>): void {
  if (expr.kind === 'field') into.add(expr.name);
  else if (expr.kind === 'addTime') {
    readsOfExpr(expr.base, into);
    readsOfExpr(expr.amount, into);
  } else if (expr.kind === 'lookup') {
    readsOfExpr(expr.table, into);
    readsOfExpr(expr.key, into);
  }
}
