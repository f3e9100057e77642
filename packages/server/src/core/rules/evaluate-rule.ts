/**
 * Rules as predicates over one loaded record: for get, update, delete, transitions,
 * validation and realtime. Related-record rules load the referenced row through `load`.
 */
import type { App, CompareOp, RuleNode } from '@ninefold/spec';
import { accessRule } from './access-rule';
import { evalExpr } from './evaluate-expr';
import { type RuleContext, roleOf } from './rule-context';

export type Row = Readonly<Record<string, unknown>>;
/** Loads a raw row by entity and id, ignoring access (rules decide access themselves). */
export type RowLoader = (entity: string, id: string) => Promise<Row | null>;

function compareValues(op: CompareOp, a: unknown, b: unknown): boolean {
  if (op === 'eq') return a === b;
  if (op === 'ne') return a !== b;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  const x = a as number | string;
  const y = b as number | string;
  if (typeof x !== typeof y) return false;
  switch (op) {
    case 'lt':
      return x < y;
    case 'lte':
      return x <= y;
    case 'gt':
      return x > y;
    case 'gte':
      return x >= y;
  }
}

function refTarget(app: App, entity: string, via: string): string | undefined {
  const f = app.entities[entity]?.fields[via];
  return f?.type === 'ref' ? f.entity : undefined;
}

/** What `ruleNow` answers when the rule reads a related record, which must be loaded first. */
export const NEEDS_ROWS = Symbol('needs related rows');

/**
 * Whether a rule holds, decided without loading anything — or `NEEDS_ROWS` when a related
 * record would decide it. Most rules are plain comparisons: the hot paths (every answer's
 * `$can`, every realtime event for every subscriber) take this one and skip the promises.
 * @example ruleNow(accessRule(app, 'tickets', 'agent', 'read'), 'tickets', ticket, ctx)
 */
export function ruleNow(
  rule: RuleNode,
  entity: string,
  record: Row | null,
  ctx: RuleContext,
): boolean | typeof NEEDS_ROWS {
  switch (rule.kind) {
    case 'and':
      return decideAll(rule.rules, false, entity, record, ctx);
    case 'or':
      return decideAll(rule.rules, true, entity, record, ctx);
    case 'not': {
      const v = ruleNow(rule.rule, entity, record, ctx);
      return v === NEEDS_ROWS ? v : !v;
    }
    case 'related':
    case 'can':
      return NEEDS_ROWS;
    default:
      return leaf(rule, entity, record, ctx);
  }
}

/** `and` (decisive: false) or `or` (decisive: true): the first decisive answer wins. */
function decideAll(
  rules: readonly RuleNode[],
  decisive: boolean,
  entity: string,
  record: Row | null,
  ctx: RuleContext,
): boolean | typeof NEEDS_ROWS {
  let pending = false;
  for (const r of rules) {
    const v = ruleNow(r, entity, record, ctx);
    if (v === decisive) return decisive;
    if (v === NEEDS_ROWS) pending = true;
  }
  return pending ? NEEDS_ROWS : !decisive;
}

type Leaf = Exclude<RuleNode, { kind: 'and' | 'or' | 'not' | 'related' | 'can' }>;

function leaf(rule: Leaf, entity: string, record: Row | null, ctx: RuleContext): boolean {
  switch (rule.kind) {
    case 'allow':
      return true;
    case 'deny':
      return false;
    case 'signedIn':
      return ctx.caller !== null;
    case 'compare':
      return compareValues(rule.op, evalExpr(rule.left, record, ctx), evalExpr(rule.right, record, ctx));
    case 'in': {
      const v = evalExpr(rule.left, record, ctx);
      return rule.values.some((x) => x === v);
    }
    case 'isNull': {
      const v = evalExpr(rule.operand, record, ctx);
      return v === null || v === undefined;
    }
    case 'inState': {
      const field = ctx.app.entities[entity]?.states?.field;
      return field !== undefined && rule.states.includes(String(record?.[field]));
    }
    case 'changed':
      return ctx.changed?.has(rule.field) ?? false;
  }
}

/**
 * Whether a rule holds for a record of `entity`.
 * @example await evalRule(accessRule(app, 'tickets', 'customer', 'read'), 'tickets', ticket, ctx, load)
 */
export function evalRule(
  rule: RuleNode,
  entity: string,
  record: Row | null,
  ctx: RuleContext,
  load: RowLoader,
): Promise<boolean> {
  const now = ruleNow(rule, entity, record, ctx);
  return now === NEEDS_ROWS ? evalLoading(rule, entity, record, ctx, load) : Promise.resolve(now);
}

async function evalLoading(
  rule: RuleNode,
  entity: string,
  record: Row | null,
  ctx: RuleContext,
  load: RowLoader,
): Promise<boolean> {
  switch (rule.kind) {
    case 'and':
      for (const r of rule.rules) if (!(await evalRule(r, entity, record, ctx, load))) return false;
      return true;
    case 'or':
      for (const r of rule.rules) if (await evalRule(r, entity, record, ctx, load)) return true;
      return false;
    case 'not':
      return !(await evalRule(rule.rule, entity, record, ctx, load));
    case 'related':
    case 'can': {
      const target = refTarget(ctx.app, entity, rule.via);
      const id = record?.[rule.via];
      if (!target || typeof id !== 'string') return false;
      const row = await load(target, id);
      if (!row) return false;
      const inner =
        rule.kind === 'related' ? rule.rule : accessRule(ctx.app, target, roleOf(ctx.caller), rule.op);
      return evalRule(inner, target, row, { ...ctx, changed: new Set() }, load);
    }
    default:
      return leaf(rule, entity, record, ctx);
  }
}
