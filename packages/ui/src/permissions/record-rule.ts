/**
 * A spec rule judged on a record the page already has, for what the list answers do not
 * carry (`$can` comes only with single records): which transitions a card can offer. Only
 * the simple parts are judged here (roles, the caller, fields, states); anything else is
 * "maybe", offered, and left to the server, which is the authority either way.
 */
import type { ExprNode, RuleNode } from '@ninefold/spec';

export interface RuleContext {
  readonly role: string;
  readonly user: { readonly id: string; readonly [prop: string]: unknown } | null;
  readonly record: { readonly [field: string]: unknown };
  /** The record's state field, for `inState`. */
  readonly stateField?: string | undefined;
}

const UNKNOWN = Symbol('unknown');

function value(expr: ExprNode, ctx: RuleContext): unknown {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'field':
      return Object.hasOwn(ctx.record, expr.name) ? ctx.record[expr.name] : UNKNOWN;
    case 'caller':
      if (expr.prop === 'role') return ctx.role;
      return ctx.user ? (ctx.user[expr.prop] ?? null) : null;
    default:
      return UNKNOWN;
  }
}

function compare(op: string, a: unknown, b: unknown): boolean | undefined {
  if (op === 'eq') return a === b;
  if (op === 'ne') return a !== b;
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return undefined;
  const [x, y] = [a as number | string, b as number | string];
  return op === 'lt'
    ? x < y
    : op === 'lte'
      ? x <= y
      : op === 'gt'
        ? x > y
        : op === 'gte'
          ? x >= y
          : undefined;
}

/**
 * True or false when the page can tell, undefined when only the server can.
 * @example ruleOnRecord(callerIs('requester'), { role: 'customer', user: { id: 'u1' }, record: { requester: 'u1' } }) // true
 */
export function ruleOnRecord(rule: RuleNode, ctx: RuleContext): boolean | undefined {
  switch (rule.kind) {
    case 'allow':
      return true;
    case 'deny':
      return false;
    case 'signedIn':
      return ctx.user !== null;
    case 'not': {
      const inner = ruleOnRecord(rule.rule, ctx);
      return inner === undefined ? undefined : !inner;
    }
    case 'and':
    case 'or': {
      const decisive = rule.kind === 'or';
      const parts = rule.rules.map((r) => ruleOnRecord(r, ctx));
      if (parts.includes(decisive)) return decisive;
      return parts.includes(undefined) ? undefined : !decisive;
    }
    case 'compare': {
      const [a, b] = [value(rule.left, ctx), value(rule.right, ctx)];
      return a === UNKNOWN || b === UNKNOWN ? undefined : compare(rule.op, a, b);
    }
    case 'in': {
      const a = value(rule.left, ctx);
      return a === UNKNOWN ? undefined : rule.values.includes(a as never);
    }
    case 'isNull': {
      const a = value(rule.operand, ctx);
      return a === UNKNOWN ? undefined : a === null || a === undefined;
    }
    case 'inState':
      return ctx.stateField && Object.hasOwn(ctx.record, ctx.stateField)
        ? rule.states.includes(String(ctx.record[ctx.stateField]))
        : undefined;
    default:
      return undefined;
  }
}
