/**
 * Rules in plain words, for the admin console, the permission matrix and the API docs.
 * The wording is stable so it can be asserted on; it names fields as the spec does.
 */
import type { App } from '../app/define-app';
import type { EntityNode } from '../app/entity';
import type { ExprNode, Literal } from '../rules/expr';
import type { CompareOp, EntityOperation, RuleNode } from '../rules/rule';

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
const NEGATED: Record<CompareOp, CompareOp> = {
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

function text(rule: RuleNode, s: Scope, nested: boolean): string {
  switch (rule.kind) {
    case 'allow':
      return 'always';
    case 'deny':
      return 'never';
    case 'signedIn':
      return 'the caller is signed in';
    case 'and':
    case 'or': {
      if (rule.rules.length === 0) return rule.kind === 'and' ? 'always' : 'never';
      if (rule.rules.length === 1) return text(rule.rules[0]!, s, nested);
      if (rule.kind === 'or' && rule.rules.every((r) => r.kind === 'inState')) {
        return text(
          { kind: 'inState', states: rule.rules.flatMap((r) => (r.kind === 'inState' ? r.states : [])) },
          s,
          nested,
        );
      }
      const joined = rule.rules.map((r) => text(r, s, true)).join(` ${rule.kind} `);
      return nested ? `(${joined})` : joined;
    }
    case 'not':
      return negated(rule.rule, s, nested);
    case 'compare':
      return compare(rule.op, rule.left, rule.right, s);
    case 'in':
      return `${expr(rule.left, s)} is ${listOr(rule.values.map(literal))}`;
    case 'isNull':
      return `${expr(rule.operand, s)} is empty`;
    case 'inState':
      return `the state is ${listOr(rule.states.map((st) => stateLabel(st, s)))}`;
    case 'changed':
      return `the write changes ${rule.field}`;
    case 'related': {
      const inner = text(rule.rule, relatedScope(rule.via, s), true);
      const words = `for the ${rule.via}, ${inner}`;
      return nested ? `(${words})` : words;
    }
    case 'can':
      return `the ${rule.via} is ${ABLE[rule.op]}`;
  }
}

// Negation is pushed into the leaf so the admin reads "is not" rather than "not (… is …)".
function negated(rule: RuleNode, s: Scope, nested: boolean): string {
  switch (rule.kind) {
    case 'allow':
      return 'never';
    case 'deny':
      return 'always';
    case 'signedIn':
      return 'the caller is not signed in';
    case 'not':
      return text(rule.rule, s, nested);
    case 'compare':
      return compare(NEGATED[rule.op], rule.left, rule.right, s);
    case 'in':
      return `${expr(rule.left, s)} is ${listNor(rule.values.map(literal))}`;
    case 'isNull':
      return `${expr(rule.operand, s)} is set`;
    case 'inState':
      return `the state is ${listNor(rule.states.map((st) => stateLabel(st, s)))}`;
    case 'changed':
      return `the write leaves ${rule.field} unchanged`;
    case 'can':
      return `the ${rule.via} is not ${ABLE[rule.op]}`;
    default: {
      const words = `not ${text(rule, s, true)}`;
      return nested ? `(${words})` : words;
    }
  }
}

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
  switch (e.kind) {
    case 'field':
      return e.name;
    case 'literal':
      return literal(e.value);
    case 'caller':
      return e.prop === 'id' ? 'the caller' : `the caller's ${e.prop}`;
    case 'const':
      return e.name;
    case 'input':
      return `the input ${e.name}`;
    case 'now':
      return 'now';
    case 'addTime':
      return `${expr(e.base, s)} plus ${expr(e.amount, s)} ${e.unit}`;
    case 'lookup':
      return `${expr(e.table, s)} for ${expr(e.key, s)}`;
  }
}

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
