/**
 * Expressions: the values a rule compares, a default computes or a transition assigns.
 * Nodes are plain, frozen data; the phantom `Needs` type records which fields of the
 * entity they read, so `entity()` can refuse a name the entity lacks at compile time.
 */

import type { RuleNode } from './rule';
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
  | { readonly kind: 'lookup'; readonly table: ExprNode; readonly key: ExprNode }
  | { readonly kind: 'arith'; readonly op: ArithOp; readonly left: ExprNode; readonly right: ExprNode }
  | {
      readonly kind: 'aggregate';
      readonly fn: AggregateFn;
      /** The child entity whose records are aggregated. */
      readonly entity: string;
      /** The child's reference field that points at the parent. */
      readonly via: string;
      /** The child field aggregated (absent for `count`). */
      readonly field?: string;
      /** Which children count, written over the child's fields. */
      readonly where?: RuleNode;
      /** The parent's id, read on the record the expression is evaluated on (default `id`). */
      readonly of: ExprNode;
    }
  | { readonly kind: 'clock'; readonly part: ClockPart; readonly value: ExprNode; readonly zone: ExprNode };

/** Arithmetic on numbers; a null operand or a division by zero gives null (SQL's meaning). */
export type ArithOp = 'add' | 'sub' | 'mul' | 'div';
/** What an aggregate of related records computes; an empty `sum` is 0, an empty `min`/`max` null. */
export type AggregateFn = 'count' | 'sum' | 'min' | 'max';
/**
 * What a clock function reads off an instant in a time zone: `time` as `HH:MM`, `date` as
 * `YYYY-MM-DD`, `weekday` as 1 (Monday) to 7 (Sunday), ISO 8601's numbering.
 */
export type ClockPart = 'time' | 'date' | 'weekday';

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

function arith(op: ArithOp) {
  return <const L extends Operand<string>, const R extends Expr<string> | number>(
    left: L,
    right: R,
  ): Expr<OperandNeeds<L> | NeedsOf<R>> =>
    node({ kind: 'arith', op, left: toExpr(left), right: toValueExpr(right) });
}

/**
 * The sum of two numbers (null when either is null).
 * @example lte(add('renewals', 1), constant('MAX_RENEWALS'))
 */
export const add = arith('add');
/**
 * The difference of two numbers.
 * @example gte(subtract('capacity', field('booked')), 1) // a string on the right is a value, not a field
 */
export const subtract = arith('sub');
/**
 * The product of two numbers.
 * @example lte(multiply('quantity', field('unitPrice')), 500_000)
 */
export const multiply = arith('mul');
/**
 * The quotient of two numbers (null when dividing by zero).
 * @example gt(divide('score', field('votes')), 3)
 */
export const divide = arith('div');

/** Options of an aggregate of related records. */
export interface AggregateOptions<P extends string> {
  /** Which children count, written over the child entity's fields. */
  readonly where?: RuleNode;
  /**
   * The parent's id on the record the expression is evaluated on: `id` (the default) on the
   * parent itself; the child's reference field to aggregate a record's siblings.
   */
  readonly of?: P | Expr<P>;
}

function aggregate<P extends string>(
  fn: AggregateFn,
  entity: string,
  via: string,
  fieldName: string | undefined,
  options: AggregateOptions<P>,
): Expr<P> {
  return node({
    kind: 'aggregate',
    fn,
    entity,
    via,
    ...(fieldName === undefined ? {} : { field: fieldName }),
    ...(options.where ? { where: options.where } : {}),
    of: toExpr(options.of ?? 'id'),
  }) as Expr<P>;
}

/**
 * How many records of `entity` point at this record through `via` (and satisfy `where`).
 * @example lte(countOf('loans', 'book', { where: inState('out') }), field('copies'))
 */
export function countOf<const P extends string = never>(
  entity: string,
  via: string,
  options: AggregateOptions<P> = {},
): Expr<P> {
  return aggregate('count', entity, via, undefined, options);
}

/**
 * The sum of a numeric field over the records of `entity` that point here through `via`.
 * @example lte(sumOf('claimItems', 'claim', 'amount', { of: 'claim' }), constant('MAX_CLAIM_CENTS'))
 */
export function sumOf<const P extends string = never>(
  entity: string,
  via: string,
  fieldName: string,
  options: AggregateOptions<P> = {},
): Expr<P> {
  return aggregate('sum', entity, via, fieldName, options);
}

/**
 * The least value of a field over the records of `entity` that point here through `via`.
 * @example gte(minOf('items', 'order', 'quantity'), 1)
 */
export function minOf<const P extends string = never>(
  entity: string,
  via: string,
  fieldName: string,
  options: AggregateOptions<P> = {},
): Expr<P> {
  return aggregate('min', entity, via, fieldName, options);
}

/**
 * The greatest value of a field over the records of `entity` that point here through `via`.
 * @example lt(maxOf('bids', 'auction', 'amount'), field('reserve'))
 */
export function maxOf<const P extends string = never>(
  entity: string,
  via: string,
  fieldName: string,
  options: AggregateOptions<P> = {},
): Expr<P> {
  return aggregate('max', entity, via, fieldName, options);
}

function clock(part: ClockPart) {
  return <const V extends Operand<string>, const Z extends Operand<string>>(
    value: V,
    zone: Z,
  ): Expr<OperandNeeds<V> | OperandNeeds<Z>> =>
    node({ kind: 'clock', part, value: toExpr(value), zone: toExpr(zone) });
}

/**
 * The time of day (`HH:MM`, 24-hour) of an instant in a time zone: a constant holding an IANA
 * zone name, or a field holding one.
 * @example and(gte(timeOfDay('startsAt', constant('CLINIC_ZONE')), '08:00'), lte(timeOfDay('endsAt', constant('CLINIC_ZONE')), '18:00'))
 */
export const timeOfDay = clock('time');
/**
 * The calendar date (`YYYY-MM-DD`) of an instant in a time zone.
 * @example eq(dateOf(now(), constant('ZONE')), field('dueOn'))
 */
export const dateOf = clock('date');
/**
 * The ISO weekday (1 Monday … 7 Sunday) of an instant in a time zone.
 * @example lte(weekdayOf('startsAt', constant('CLINIC_ZONE')), 5)
 */
export const weekdayOf = clock('weekday');

/**
 * Today's date (`YYYY-MM-DD`) in a time zone: `dateOf(now(), zone)`.
 * @example gte('dueOn', today(constant('ZONE')))
 */
export function today<const Z extends Operand<string>>(zone: Z): Expr<OperandNeeds<Z>> {
  return dateOf(now(), zone) as Expr<OperandNeeds<Z>>;
}
