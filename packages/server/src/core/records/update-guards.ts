/**
 * Validation rules that decide whether a field may change at all, whatever the new value:
 * `when: changed('satisfaction')` with a check that reads neither that field nor a computed
 * one, so it reads the same on the record before a patch of that field as after it.
 * `$can.update` leaves such a field out while its check fails, and a form does not offer
 * what the server would refuse (a rating before the ticket is resolved).
 */
import {
  type EntityNode,
  type ExprNode,
  exprChildren,
  type RuleNode,
  type RuleVisitor,
  visitRule,
} from '@ninefold/spec';

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

interface Reads {
  readonly node: EntityNode;
  readonly into: Set<string>;
}

/** The fields of this record an expression reads (an aggregate reads only its parent's id here). */
function addReads(e: ExprNode, into: Set<string>): void {
  if (e.kind === 'field') into.add(e.name);
  for (const child of exprChildren(e)) addReads(child, into);
}

/** False when the rule asks what changed (no answer before a write); else its reads are in `into`. */
const READS: RuleVisitor<boolean, Reads> = {
  allow: () => true,
  deny: () => true,
  signedIn: () => true,
  and: (n, r) => n.rules.every((x) => visitRule(x, READS, r)),
  or: (n, r) => n.rules.every((x) => visitRule(x, READS, r)),
  not: (n, r) => visitRule(n.rule, READS, r),
  compare: (n, r) => {
    addReads(n.left, r.into);
    addReads(n.right, r.into);
    return true;
  },
  in: (n, r) => {
    addReads(n.left, r.into);
    return true;
  },
  isNull: (n, r) => {
    addReads(n.operand, r.into);
    return true;
  },
  inState: (_, r) => {
    if (r.node.states) r.into.add(r.node.states.field);
    return true;
  },
  related: (n, r) => r.into.add(n.via) !== undefined,
  can: (n, r) => r.into.add(n.via) !== undefined,
  changed: () => false,
};

/** The record's own fields a rule reads; undefined when it asks what changed. */
function readsOfRule(node: EntityNode, rule: RuleNode): Set<string> | undefined {
  const into = new Set<string>();
  return visitRule(rule, READS, { node, into }) ? into : undefined;
}
