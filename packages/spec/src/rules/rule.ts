/**
 * Rules: boolean conditions over the caller, the record, its state, related records,
 * constants and time. One rule is compiled by the server to SQL (lists, counts) and to a
 * predicate (single records, realtime). Nodes are plain frozen data with a phantom type of
 * the entity fields they read.
 */
import {
  type Expr,
  type ExprNode,
  isExpr,
  type Literal,
  type Needs,
  type NeedsOf,
  type Operand,
  type OperandNeeds,
  toExpr,
  toValueExpr,
} from './expr';
import { RULE_KINDS } from './visit-rule';

export type CompareOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte';
export type EntityOperation = 'read' | 'create' | 'update' | 'delete';

export type RuleNode =
  | { readonly kind: 'allow' }
  | { readonly kind: 'deny' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'and'; readonly rules: readonly RuleNode[] }
  | { readonly kind: 'or'; readonly rules: readonly RuleNode[] }
  | { readonly kind: 'not'; readonly rule: RuleNode }
  | { readonly kind: 'compare'; readonly op: CompareOp; readonly left: ExprNode; readonly right: ExprNode }
  | { readonly kind: 'in'; readonly left: ExprNode; readonly values: readonly Literal[] }
  | { readonly kind: 'isNull'; readonly operand: ExprNode }
  | { readonly kind: 'inState'; readonly states: readonly string[] }
  | { readonly kind: 'changed'; readonly field: string }
  | { readonly kind: 'related'; readonly via: string; readonly rule: RuleNode }
  | { readonly kind: 'can'; readonly via: string; readonly op: EntityOperation };

/** A rule node that reads the entity fields `F`. */
export type Rule<F extends string = string> = RuleNode & Needs<F>;

// The kinds come from the typed table in visit-rule.ts, so a new kind cannot be forgotten here.
const RULE_KIND_SET: ReadonlySet<string> = new Set(Object.keys(RULE_KINDS));

/** True when `v` is a rule node. */
export function isRule(v: unknown): v is RuleNode {
  return typeof v === 'object' && v !== null && RULE_KIND_SET.has((v as { kind?: string }).kind ?? '');
}

function node<T extends RuleNode>(n: T): T {
  return Object.freeze(n);
}

/**
 * Always true.
 * @example read: { anonymous: allow() }
 */
export function allow(): Rule<never> {
  return node({ kind: 'allow' });
}

/**
 * Always false.
 * @example delete: { customer: deny() }
 */
export function deny(): Rule<never> {
  return node({ kind: 'deny' });
}

/**
 * True for any signed-in caller.
 * @example read: { customer: signedIn() }
 */
export function signedIn(): Rule<never> {
  return node({ kind: 'signedIn' });
}

/**
 * Every rule holds.
 * @example and(callerIs('requester'), inState('new'))
 */
export function and<const T extends readonly Rule<string>[]>(...rules: T): Rule<NeedsOf<T[number]>> {
  return node({ kind: 'and', rules });
}

/**
 * At least one rule holds.
 * @example or(inState('resolved'), inState('closed'))
 */
export function or<const T extends readonly Rule<string>[]>(...rules: T): Rule<NeedsOf<T[number]>> {
  return node({ kind: 'or', rules });
}

/**
 * The rule does not hold.
 * @example not(inState('closed', 'cancelled'))
 */
export function not<const T extends Rule<string>>(rule: T): Rule<NeedsOf<T>> {
  return node({ kind: 'not', rule });
}

// Operand types are inferred whole and their needs read off them: a phantom type parameter
// with no candidate would otherwise be inferred from the caller's context, as `string`.
function compare(op: CompareOp) {
  return <const L extends Operand<string>, const V extends Expr<string> | Literal>(
    left: L,
    right: V,
  ): Rule<OperandNeeds<L> | NeedsOf<V>> =>
    node({ kind: 'compare', op, left: toExpr(left), right: toValueExpr(right as Expr<string> | Literal) });
}

/**
 * Left equals right. A string on the left names a field; on the right it is a value.
 * @example eq('internal', false)
 */
export const eq = compare('eq');
/**
 * Left differs from right.
 * @example ne('priority', 'low')
 */
export const ne = compare('ne');
/**
 * Left is less than right (numbers, or timestamps in time order).
 * @example lt(now(), addDays('resolvedAt', constant('REOPEN_WINDOW_DAYS')))
 */
export const lt = compare('lt');
/**
 * Left is at most right.
 * @example lte('satisfaction', 5)
 */
export const lte = compare('lte');
/**
 * Left is greater than right.
 * @example gt('satisfaction', 3)
 */
export const gt = compare('gt');
/**
 * Left is at least right.
 * @example gte('satisfaction', 1)
 */
export const gte = compare('gte');

/**
 * The operand is one of the values.
 * @example oneOf('priority', ['high', 'urgent'])
 */
export function oneOf<const L extends Operand<string>>(
  left: L,
  values: readonly Literal[],
): Rule<OperandNeeds<L>> {
  return node({ kind: 'in', left: toExpr(left), values });
}

/**
 * The operand has no value.
 * @example isNull('assignee')
 */
export function isNull<const L extends Operand<string>>(operand: L): Rule<OperandNeeds<L>> {
  return node({ kind: 'isNull', operand: toExpr(operand) });
}

/**
 * The caller is the user a reference field points at.
 * @example read: { customer: callerIs('requester') }
 */
export function callerIs<const F extends string>(refField: F): Rule<F> {
  return node({
    kind: 'compare',
    op: 'eq',
    left: toExpr(refField),
    right: { kind: 'caller', prop: 'id' } as ExprNode,
  });
}

/**
 * The caller has one of the roles.
 * @example or(hasRole('agent'), callerIs('requester'))
 */
export function hasRole(...roles: readonly string[]): Rule<never> {
  return node({ kind: 'in', left: { kind: 'caller', prop: 'role' }, values: roles });
}

/**
 * The record's state machine is in one of the states.
 * @example update: { customer: { where: inState('new'), fields: ['subject'] } }
 */
export function inState(...states: readonly string[]): Rule<never> {
  return node({ kind: 'inState', states });
}

/**
 * The write changes the field (only meaningful in validation rules).
 * @example { when: changed('satisfaction'), check: callerIs('requester'), error: 'SATISFACTION_NOT_ALLOWED' }
 */
export function changed<const F extends string>(fieldName: F): Rule<F> {
  return node({ kind: 'changed', field: fieldName });
}

/**
 * The rule holds for the record a reference field points at (written in that entity's fields).
 * @example related('ticket', not(inState('closed', 'cancelled')))
 */
export function related<const F extends string>(via: F, rule: Rule<string>): Rule<F> {
  return node({ kind: 'related', via, rule });
}

/**
 * The caller may perform `op` on the record a reference field points at.
 * @example read: { customer: and(can('ticket', 'read'), eq('internal', false)) }
 */
export function can<const F extends string>(via: F, op: EntityOperation = 'read'): Rule<F> {
  return node({ kind: 'can', via, op });
}

/** The rule a grant value (`true`, a rule, or `false`) stands for. */
export function toRule<F extends string>(value: Rule<F> | boolean): Rule<F> {
  if (value === true) return allow();
  if (value === false) return deny();
  return value;
}

export { isExpr };
