/**
 * Rules in plain words, for the admin console, the permission matrix and the API docs.
 * The wording is stable so it can be asserted on; it names fields as the spec does.
 */
import type { App } from '../app/define-app';
import type { EntityNode } from '../app/entity';
import type { ExprNode, Literal } from '../rules/expr';
import type { CompareOp, EntityOperation, RuleNode } from '../rules/rule';
import { type ExprVisitor, type RuleVisitor, visitExpr, visitRule } from '../rules/visit-rule';

/** What a rule is read against: the app and the entity whose records it is written over. */
export interface RuleTextContext {
  readonly app?: App;
  readonly entity?: string;
}

const NUMBER_WORDS: Record<CompareOp, string> = {
  eq: 'is',
  ne: 'is not',
  lt: 'is less than',
  lte: 'is at most',
  gt: 'is more than',
  gte: 'is at least',
};
const TIME_WORDS: Record<CompareOp, string> = {
  eq: 'is',
  ne: 'is not',
  lt: 'is before',
  lte: 'is at or before',
  gt: 'is after',
  gte: 'is at or after',
};
const NEGATED_OP: Record<CompareOp, CompareOp> = {
  eq: 'ne',
  ne: 'eq',
  lt: 'gte',
  lte: 'gt',
  gt: 'lte',
  gte: 'lt',
};
const ABLE: Record<EntityOperation, string> = {
  read: 'readable',
  create: 'creatable',
  update: 'editable',
  delete: 'deletable',
};

/**
 * A rule in plain words.
 * @example
 * ruleToText(and(callerIs('requester'), inState('new')), { app, entity: 'tickets' })
 * // 'the caller is the requester and the state is New'
 */
export function ruleToText(rule: RuleNode, ctx: RuleTextContext = {}): string {
  const entity = ctx.entity ? ctx.app?.entities[ctx.entity] : undefined;
  return text(rule, { ctx, entity }, false);
}

interface Scope {
  readonly ctx: RuleTextContext;
  readonly entity: EntityNode | undefined;
}

interface At {
  readonly s: Scope;
  readonly nested: boolean;
}

function text(rule: RuleNode, s: Scope, nested: boolean): string {
  return visitRule(rule, TEXT, { s, nested });
}

const TEXT: RuleVisitor<string, At> = {
  allow: () => 'always',
  deny: () => 'never',
  signedIn: () => 'the caller is signed in',
  and: (n, at) => joined(n.kind, n.rules, at),
  or: (n, at) => joined(n.kind, n.rules, at),
  not: (n, { s, nested }) => visitRule(n.rule, NEGATED, { s, nested }),
  compare: (n, { s }) => compare(n.op, n.left, n.right, s),
  in: (n, { s }) => `${expr(n.left, s)} is ${listOr(n.values.map(literal))}`,
  isNull: (n, { s }) => `${expr(n.operand, s)} is empty`,
  inState: (n, { s }) => `the state is ${listOr(n.states.map((st) => stateLabel(st, s)))}`,
  changed: (n) => `the write changes ${n.field}`,
  related: (n, { s, nested }) => {
    const words = `for the ${n.via}, ${text(n.rule, relatedScope(n.via, s), true)}`;
    return nested ? `(${words})` : words;
  },
  can: (n) => `the ${n.via} is ${ABLE[n.op]}`,
};

function joined(kind: 'and' | 'or', rules: readonly RuleNode[], { s, nested }: At): string {
  if (rules.length === 0) return kind === 'and' ? 'always' : 'never';
  if (rules.length === 1) return text(rules[0]!, s, nested);
  if (kind === 'or' && rules.every((r) => r.kind === 'inState')) {
    const states = rules.flatMap((r) => (r.kind === 'inState' ? r.states : []));
    return text({ kind: 'inState', states }, s, nested);
  }
  const words = rules.map((r) => text(r, s, true)).join(` ${kind} `);
  return nested ? `(${words})` : words;
}

/** `not (…)` around the words, for what has no negated form of its own. */
function notOf(rule: RuleNode, { s, nested }: At): string {
  const words = `not ${text(rule, s, true)}`;
  return nested ? `(${words})` : words;
}

// Negation is pushed into the leaf so the admin reads "is not" rather than "not (… is …)".
const NEGATED: RuleVisitor<string, At> = {
  allow: () => 'never',
  deny: () => 'always',
  signedIn: () => 'the caller is not signed in',
  and: notOf,
  or: notOf,
  related: notOf,
  not: (n, { s, nested }) => text(n.rule, s, nested),
  compare: (n, { s }) => compare(NEGATED_OP[n.op], n.left, n.right, s),
  in: (n, { s }) => `${expr(n.left, s)} is ${listNor(n.values.map(literal))}`,
  isNull: (n, { s }) => `${expr(n.operand, s)} is set`,
  inState: (n, { s }) => `the state is ${listNor(n.states.map((st) => stateLabel(st, s)))}`,
  changed: (n) => `the write leaves ${n.field} unchanged`,
  can: (n) => `the ${n.via} is not ${ABLE[n.op]}`,
};

function compare(op: CompareOp, left: ExprNode, right: ExprNode, s: Scope): string {
  const callerSide = isCallerId(left) ? right : isCallerId(right) ? left : undefined;
  if (callerSide?.kind === 'field' && (op === 'eq' || op === 'ne')) {
    const who = callerSide.name === 'id' ? `this ${s.ctx.entity === 'users' ? 'user' : 'record'}` : null;
    return `the caller ${op === 'eq' ? 'is' : 'is not'} ${who ?? `the ${callerSide.name}`}`;
  }
  if (right.kind === 'literal' && right.value === null && (op === 'eq' || op === 'ne')) {
    return `${expr(left, s)} is ${op === 'eq' ? 'empty' : 'set'}`;
  }
  const words = isTime(left, s) || isTime(right, s) ? TIME_WORDS : NUMBER_WORDS;
  return `${expr(left, s)} ${words[op]} ${expr(right, s)}`;
}

function isCallerId(e: ExprNode): boolean {
  return e.kind === 'caller' && e.prop === 'id';
}

function isTime(e: ExprNode, s: Scope): boolean {
  if (e.kind === 'now' || e.kind === 'addTime') return true;
  if (e.kind !== 'field') return false;
  return e.name === 'createdAt' || e.name === 'updatedAt' || s.entity?.fields[e.name]?.type === 'datetime';
}

function expr(e: ExprNode, s: Scope): string {
  return visitExpr(e, EXPR, s);
}

const EXPR: ExprVisitor<string, Scope> = {
  field: (e) => e.name,
  literal: (e) => literal(e.value),
  caller: (e) => (e.prop === 'id' ? 'the caller' : `the caller's ${e.prop}`),
  const: (e) => e.name,
  input: (e) => `the input ${e.name}`,
  now: () => 'now',
  addTime: (e, s) => `${expr(e.base, s)} plus ${expr(e.amount, s)} ${e.unit}`,
  lookup: (e, s) => `${expr(e.table, s)} for ${expr(e.key, s)}`,
  arith: (e, s) => `(${expr(e.left, s)} ${ARITH_WORDS[e.op]} ${expr(e.right, s)})`,
  aggregate: (e) =>
    e.fn === 'count' ? `the number of ${e.entity}` : `the ${AGGREGATE_WORDS[e.fn]} ${e.field} of ${e.entity}`,
  clock: (e, s) => `the ${CLOCK_WORDS[e.part]} of ${expr(e.value, s)} in ${expr(e.zone, s)}`,
};

const ARITH_WORDS = { add: 'plus', sub: 'minus', mul: 'times', div: 'divided by' } as const;
const AGGREGATE_WORDS = { sum: 'total', min: 'least', max: 'greatest' } as const;
const CLOCK_WORDS = { time: 'time of day', date: 'date', weekday: 'weekday' } as const;

function literal(v: Literal): string {
  if (v === null) return 'empty';
  if (Array.isArray(v)) return v.length === 0 ? 'nothing' : v.map(literal).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function stateLabel(state: string, s: Scope): string {
  return s.entity?.states?.states[state]?.label ?? state;
}

function relatedScope(via: string, s: Scope): Scope {
  const ref = s.entity?.fields[via];
  const target = ref?.type === 'ref' ? ref.entity : undefined;
  const ctx: RuleTextContext = {
    ...(s.ctx.app ? { app: s.ctx.app } : {}),
    ...(target ? { entity: target } : {}),
  };
  return { ctx, entity: target ? s.ctx.app?.entities[target] : undefined };
}

function listOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? 'nothing';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function listNor(items: readonly string[]): string {
  if (items.length === 0) return 'anything';
  if (items.length === 1) return `not ${items[0]}`;
  if (items.length === 2) return `neither ${items[0]} nor ${items[1]}`;
  return `none of ${items.join(', ')}`;
}
