/**
 * Expressions: the values a rule compares, a default computes or a transition assigns.
 * Nodes are plain, frozen data; the phantom `Needs` type records which fields of the
 * entity they read, so `entity()` can refuse a name the entity lacks at compile time.
 */

import { EXPR_KINDS } from './visit-rule';

declare const needsFields: unique symbol;

/** Phantom marker: the entity fields a node reads. Never present at run time. */
export interface Needs<F extends string> {
  readonly [needsFields]?: F;
}

/** The field names a node (or a tuple of nodes) needs. */
export type NeedsOf<T> = T extends Needs<infer F> ? F : never;

/** What an expression can read from the caller. */
export type CallerProp = 'id' | 'role' | 'email';

export type Literal =
  | string
  | number
  | boolean
  | null
  | readonly Literal[]
  | { readonly [k: string]: Literal };

export type ExprNode =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'literal'; readonly value: Literal }
  | { readonly kind: 'caller'; readonly prop: CallerProp }
  | { readonly kind: 'const'; readonly name: string }
  | { readonly kind: 'input'; readonly name: string }
  | { readonly kind: 'now' }
  | {
      readonly kind: 'addTime';
      readonly base: ExprNode;
      readonly amount: ExprNode;
      readonly unit: 'hours' | 'days';
    }
  | { readonly kind: 'lookup'; readonly table: ExprNode; readonly key: ExprNode };

/** An expression node that reads the fields `F`. */
export type Expr<F extends string = string> = ExprNode & Needs<F>;

/** A field name or an expression, as the left side of a comparison. */
export type Operand<F extends string> = F | Expr<F>;

// The kinds come from the typed table in visit-rule.ts, so a new kind cannot be forgotten here.
const EXPR_KIND_SET: ReadonlySet<string> = new Set(Object.keys(EXPR_KINDS));

/** True when `v` is an expression node rather than a literal value. */
export function isExpr(v: unknown): v is ExprNode {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    EXPR_KIND_SET.has((v as { kind?: string }).kind ?? '')
  );
}

function node<T extends ExprNode>(n: T): T {
  return Object.freeze(n);
}

/**
 * A field of the record the rule is evaluated on.
 * @example eq(field('priority'), 'urgent')
 */
export function field<const F extends string>(name: F): Expr<F> {
  return node({ kind: 'field', name });
}

/**
 * A literal value (wrapping is only needed where a string would read as a field name).
 * @example eq(lit('agent'), caller('role'))
 */
export function lit(value: Literal): Expr<never> {
  return node({ kind: 'literal', value });
}

/**
 * A property of the signed-in caller.
 * @example eq('requester', caller('id'))
 */
export function caller(prop: CallerProp = 'id'): Expr<never> {
  return node({ kind: 'caller', prop });
}

/**
 * A business constant of the app, by name.
 * @example addDays(field('resolvedAt'), constant('REOPEN_WINDOW_DAYS'))
 */
export function constant(name: string): Expr<never> {
  return node({ kind: 'const', name });
}

/**
 * A value from a transition's or action's input.
 * @example set: { resolution: input('resolution') }
 */
export function input(name: string): Expr<never> {
  return node({ kind: 'input', name });
}

/**
 * The time of the request, as an ISO timestamp.
 * @example set: { resolvedAt: now() }
 */
export function now(): Expr<never> {
  return node({ kind: 'now' });
}

/** The fields an operand reads: its own name when it is a field name. */
export type OperandNeeds<L> = L extends string ? L : NeedsOf<L>;

/** Turns a field name or expression into an expression. */
export function toExpr(operand: Operand<string>): Expr<string> {
  return typeof operand === 'string' ? field(operand) : operand;
}

/** Turns a literal or expression into an expression. */
export function toValueExpr(value: Expr<string> | Literal): Expr<string> {
  return isExpr(value) ? (value as Expr<string>) : lit(value as Literal);
}

/**
 * A timestamp moved by a number of hours.
 * @example addHours(field('createdAt'), lookup(constant('SLA_HOURS'), field('priority')))
 */
export function addHours<const B extends Operand<string>, const M extends Expr<string> | number>(
  base: B,
  amount: M,
): Expr<OperandNeeds<B> | NeedsOf<M>> {
  return node({ kind: 'addTime', base: toExpr(base), amount: toValueExpr(amount), unit: 'hours' });
}

/**
 * A timestamp moved by a number of days.
 * @example addDays('resolvedAt', constant('REOPEN_WINDOW_DAYS'))
 */
export function addDays<const B extends Operand<string>, const M extends Expr<string> | number>(
  base: B,
  amount: M,
): Expr<OperandNeeds<B> | NeedsOf<M>> {
  return node({ kind: 'addTime', base: toExpr(base), amount: toValueExpr(amount), unit: 'days' });
}

/**
 * An entry of a table-valued constant, by key.
 * @example lookup(constant('SLA_HOURS'), field('priority'))
 */
export function lookup<const K extends Operand<string>>(table: Expr<never>, key: K): Expr<OperandNeeds<K>> {
  return node({ kind: 'lookup', table, key: toExpr(key) });
}
