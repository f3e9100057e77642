/**
 * The one evaluator of rules and expressions: what a rule means for a record, a caller,
 * the app's constants and the time, in SQL's three-valued logic (`sql-semantics.ts`).
 * Pure and synchronous: a related record comes from a lookup the caller supplies, and when
 * the lookup does not have it yet the answer is `UNDECIDED` — the server then loads the
 * rows it asked for and evaluates again, so plain rules never wait on a promise.
 */
import { ANONYMOUS } from '../app/define-app';
import { emptyAggregate } from './aggregate-value';
import { clockValue } from './clock-value';
import { computedNumber } from './computed-number';
import type { ArithOp, CallerProp, ExprNode, Literal } from './expr';
import type { EntityOperation, RuleNode } from './rule';
import { type Semantics, SQL_SEMANTICS, type Truth } from './sql-semantics';
import { type ExprOf, type ExprVisitor, type RuleVisitor, visitExpr, visitRule } from './visit-rule';

/** The answer needs something this evaluation does not have: a related row, a field the page lacks. */
export const UNDECIDED: unique symbol = Symbol('undecided');
export type Undecided = typeof UNDECIDED;
/** A rule's answer: true, false, unknown (`null`), or not decidable yet. */
export type Verdict = Truth | Undecided;

export type Row = Readonly<Record<string, unknown>>;

/** The parts of an app a rule reads: state fields, reference targets, constants. `App` is one. */
export interface RuleSchema {
  readonly entities: {
    readonly [name: string]:
      | {
          readonly states?: { readonly field: string } | undefined;
          readonly fields: { readonly [name: string]: { readonly type: string; readonly entity?: string } };
        }
      | undefined;
  };
  readonly constants: { readonly [name: string]: { readonly value?: unknown } | undefined };
}

/** Who asks, when, and about which write. The server's `RuleContext` is one. */
export interface RuleEnv {
  readonly app: RuleSchema;
  readonly caller: { readonly [P in CallerProp]?: unknown } | null;
  /** The time of the request; a static judgement (a permission matrix) has none. */
  readonly now?: Date | undefined;
  readonly input?: Readonly<Record<string, unknown>> | undefined;
  readonly changed?: ReadonlySet<string> | undefined;
}

/** Where related records come from, for `related` and `can`. */
export interface RelatedRows {
  /** The row, null when there is none, or `UNDECIDED` when it is not loaded yet. */
  row(entity: string, id: string): Row | null | Undecided;
  /** The rule deciding `op` on `entity` for the caller (the access rules are the server's). */
  access(entity: string, op: EntityOperation): RuleNode;
  /**
   * The aggregate's value over the children of the parent `parentId` (every child, whatever
   * the caller may read: it is a rule of integrity), or `UNDECIDED` while it is not computed.
   * Absent, every aggregate is `UNDECIDED`.
   */
  aggregate?(node: ExprOf<'aggregate'>, parentId: string): unknown;
}

export interface EvaluateOptions {
  /** Without it, a rule that reaches a related record is `UNDECIDED`. */
  readonly related?: RelatedRows | undefined;
  /**
   * What is not given is not known (a page's copy of a record, a role without a caller): a
   * missing field, caller property, constant, input, time or entity makes `UNDECIDED`.
   */
  readonly partial?: boolean | undefined;
  /** The operator meanings; a test passes a broken copy to show the differential catches it. */
  readonly semantics?: Semantics | undefined;
}

interface Scope {
  readonly entity: string;
  readonly record: Row | null;
  readonly env: RuleEnv;
  readonly options: EvaluateOptions;
  readonly semantics: Semantics;
  /** Under `related`: the write's `changed` set belongs to the outer record only. */
  readonly nested: boolean;
}

type Value = unknown | Undecided;

function fieldValue(name: string, s: Scope): Value {
  const r = s.record;
  if (s.options.partial && (r === null || !Object.hasOwn(r, name))) return UNDECIDED;
  const v = r?.[name];
  return v === undefined ? null : v;
}

const EXPR: ExprVisitor<Value, Scope> = {
  field: (n, s) => fieldValue(n.name, s),
  literal: (n) => n.value,
  caller: (n, s) => {
    const c = s.env.caller;
    // Signed out, the caller's role is the one their access rules are chosen by.
    if (c === null) return n.prop === 'role' ? ANONYMOUS : null;
    if (s.options.partial && !Object.hasOwn(c, n.prop)) return UNDECIDED;
    return c[n.prop] ?? null;
  },
  const: (n, s) => {
    const c = s.env.app.constants[n.name];
    if (!c && s.options.partial) return UNDECIDED;
    return c?.value ?? null;
  },
  input: (n, s) => {
    if (!s.env.input && s.options.partial) return UNDECIDED;
    return s.env.input?.[n.name] ?? null;
  },
  now: (_, s) => (s.env.now ? s.env.now.toISOString() : s.options.partial ? UNDECIDED : null),
  addTime: (n, s) => {
    const base = visitExpr(n.base, EXPR, s);
    const amount = visitExpr(n.amount, EXPR, s);
    if (base === UNDECIDED || amount === UNDECIDED) return UNDECIDED;
    if (typeof base !== 'string' || typeof amount !== 'number') return null;
    const t = Date.parse(base) + amount * (n.unit === 'hours' ? 3_600_000 : 86_400_000);
    // An unreadable or out-of-range time is no time at all, not a thrown RangeError.
    return Number.isFinite(t) && Math.abs(t) <= 8.64e15 ? new Date(t).toISOString() : null;
  },
  arith: (n, s) => {
    const a = visitExpr(n.left, EXPR, s);
    const b = visitExpr(n.right, EXPR, s);
    if (a === UNDECIDED || b === UNDECIDED) return UNDECIDED;
    return arithmetic(n.op, a, b);
  },
  aggregate: (n, s) => {
    const parent = visitExpr(n.of, EXPR, s);
    if (parent === UNDECIDED) return UNDECIDED;
    // No parent: no child points at it (`via = NULL` holds for none).
    if (typeof parent !== 'string') return emptyAggregate(n.fn);
    const aggregate = s.options.related?.aggregate;
    return aggregate ? aggregate(n, parent) : UNDECIDED;
  },
  clock: (n, s) => {
    const value = visitExpr(n.value, EXPR, s);
    const zone = visitExpr(n.zone, EXPR, s);
    if (value === UNDECIDED || zone === UNDECIDED) return UNDECIDED;
    return clockValue(n.part, value, zone);
  },
  lookup: (n, s) => {
    const table = visitExpr(n.table, EXPR, s);
    const key = visitExpr(n.key, EXPR, s);
    if (table === UNDECIDED || key === UNDECIDED) return UNDECIDED;
    if (table === null || typeof table !== 'object' || typeof key !== 'string') return null;
    // Own keys only: `constructor` is no entry of a table.
    return Object.hasOwn(table, key) ? ((table as Record<string, unknown>)[key] ?? null) : null;
  },
};

/**
 * Arithmetic on two numbers as both dialects compute it (each operand cast to a double, so
 * 7 / 2 is 3.5): null for a null or non-number operand, a division by zero, or a result no
 * double holds (computed-number.ts).
 */
function arithmetic(op: ArithOp, a: unknown, b: unknown): number | null {
  if (typeof a !== 'number' || typeof b !== 'number') return null;
  if (op === 'div' && b === 0) return null;
  return computedNumber(op === 'add' ? a + b : op === 'sub' ? a - b : op === 'mul' ? a * b : a / b);
}

function isNullLiteral(e: ExprNode): boolean {
  return e.kind === 'literal' && e.value === null;
}

/** Kleene `and` (decisive false) or `or` (decisive true); `UNDECIDED` outranks unknown. */
function combine(rules: readonly RuleNode[], decisive: boolean, s: Scope): Verdict {
  let result: Verdict = !decisive;
  for (const r of rules) {
    const v = visitRule(r, RULE, s);
    if (v === decisive) return decisive;
    if (v === UNDECIDED) result = UNDECIDED;
    else if (v === null && result !== UNDECIDED) result = null;
  }
  return result;
}

/** `related`/`can`: SQL's `exists (… where id = via and inner)`, so never unknown. */
function throughRef(via: string, s: Scope, inner: (target: string) => RuleNode): Verdict {
  const node = s.env.app.entities[s.entity];
  if (!node && s.options.partial) return UNDECIDED;
  const target = node?.fields[via]?.entity;
  if (target === undefined) return s.options.partial ? UNDECIDED : false;
  const id = fieldValue(via, s);
  if (id === UNDECIDED) return UNDECIDED;
  if (typeof id !== 'string') return false;
  const related = s.options.related;
  if (!related) return UNDECIDED;
  const row = related.row(target, id);
  if (row === UNDECIDED || row === null) return row === null ? false : UNDECIDED;
  const v = visitRule(inner(target), RULE, { ...s, entity: target, record: row, nested: true });
  return v === UNDECIDED ? v : v === true;
}

const RULE: RuleVisitor<Verdict, Scope> = {
  allow: () => true,
  deny: () => false,
  signedIn: (_, s) => s.env.caller !== null,
  and: (n, s) => combine(n.rules, false, s),
  or: (n, s) => combine(n.rules, true, s),
  not: (n, s) => {
    const v = visitRule(n.rule, RULE, s);
    return v === null || v === UNDECIDED ? v : !v;
  },
  compare: (n, s) => {
    const a = visitExpr(n.left, EXPR, s);
    const b = visitExpr(n.right, EXPR, s);
    if (a === UNDECIDED || b === UNDECIDED) return UNDECIDED;
    // `eq(x, null)` written as a literal asks whether x is empty (the compiler's IS NULL);
    // a null that comes from the caller, a constant or an input compares as SQL's NULL.
    if ((n.op === 'eq' || n.op === 'ne') && (isNullLiteral(n.left) || isNullLiteral(n.right))) {
      return (a === null && b === null) === (n.op === 'eq');
    }
    return s.semantics.compare(n.op, a, b);
  },
  in: (n, s) => {
    const a = visitExpr(n.left, EXPR, s);
    return a === UNDECIDED ? a : s.semantics.oneOf(a, n.values);
  },
  isNull: (n, s) => {
    const a = visitExpr(n.operand, EXPR, s);
    return a === UNDECIDED ? a : a === null;
  },
  inState: (n, s) => {
    const node = s.env.app.entities[s.entity];
    if (!node && s.options.partial) return UNDECIDED;
    const field = node?.states?.field;
    if (field === undefined || n.states.length === 0) return false;
    const v = fieldValue(field, s);
    return v === UNDECIDED ? v : s.semantics.oneOf(v, n.states);
  },
  changed: (n, s) => {
    if (s.nested) return false;
    if (!s.env.changed) return s.options.partial ? UNDECIDED : false;
    return s.env.changed.has(n.field);
  },
  related: (n, s) => throughRef(n.via, s, () => n.rule),
  can: (n, s) =>
    throughRef(n.via, s, (target) => s.options.related?.access(target, n.op) ?? { kind: 'deny' }),
};

/**
 * What a rule answers for a record of `entity`. Admit a record only on `true`.
 * @example
 * evaluateRule(not(callerIs('reviewer')), 'papers', { reviewer: null }, ctx) // null: unknown, not admitted
 * evaluateRule(related('ticket', inState('open')), 'comments', comment, ctx) // UNDECIDED until rows are supplied
 */
export function evaluateRule(
  rule: RuleNode,
  entity: string,
  record: Row | null,
  env: RuleEnv,
  options: EvaluateOptions = NO_OPTIONS,
): Verdict {
  const scope: Scope = {
    entity,
    record,
    env,
    options,
    semantics: options.semantics ?? SQL_SEMANTICS,
    nested: false,
  };
  return visitRule(rule, RULE, scope);
}

const NO_OPTIONS: EvaluateOptions = Object.freeze({});

/**
 * The value of an expression for a record (null for no value), or `UNDECIDED` in partial mode.
 * @example evaluateExpr(addDays('resolvedAt', constant('REOPEN_WINDOW_DAYS')), 'tickets', ticket, ctx)
 */
export function evaluateExpr(
  expr: ExprNode,
  entity: string,
  record: Row | null,
  env: RuleEnv,
  options: EvaluateOptions = NO_OPTIONS,
): Literal | Undecided {
  const scope: Scope = { entity, record, env, options, semantics: SQL_SEMANTICS, nested: false };
  return visitExpr(expr, EXPR, scope) as Literal | Undecided;
}
