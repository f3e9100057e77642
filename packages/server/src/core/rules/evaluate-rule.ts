/**
 * Rules as predicates over one loaded record: for get, update, delete, transitions,
 * validation and realtime. The meaning is the spec's one evaluator (`evaluateRule`, SQL's
 * three-valued logic); a record is admitted only when the rule is `true`, exactly as the
 * list's WHERE clause admits it. Related-record rules load the referenced rows through
 * `load` and are evaluated again with them.
 */
import {
  type EntityOperation,
  type ExprOf,
  evaluateRule,
  type RelatedRows,
  type RuleNode,
  UNDECIDED,
  type Verdict,
} from '@ninefold/spec';
import { accessRule } from './access-rule';
import { type RuleContext, roleOf } from './rule-context';

export type Row = Readonly<Record<string, unknown>>;
/** Loads a raw row by entity and id, ignoring access (rules decide access themselves). */
export type RowLoader = (entity: string, id: string) => Promise<Row | null>;

/** What `ruleNow` answers when the rule reads a related record, which must be loaded first. */
export const NEEDS_ROWS: typeof UNDECIDED = UNDECIDED;

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
  const v = evaluateRule(rule, entity, record, ctx);
  return v === UNDECIDED ? v : v === true;
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

/**
 * Evaluates, loads every row and aggregate the evaluation asked for, and evaluates again:
 * each round loads at least one more, so it ends within the rule's depth of rounds.
 */
async function evalLoading(
  rule: RuleNode,
  entity: string,
  record: Row | null,
  ctx: RuleContext,
  load: RowLoader,
): Promise<boolean> {
  const rows = new Map<string, Row | null>();
  const aggregates = new Map<ExprOf<'aggregate'>, Map<string, unknown>>();
  const role = roleOf(ctx.caller);
  let wanted: [string, string][] = [];
  let wantedAggregates: [ExprOf<'aggregate'>, string][] = [];
  const related: RelatedRows = {
    row: (target, id) => {
      const key = `${target}\u0000${id}`;
      const row = rows.get(key);
      if (row !== undefined) return row;
      wanted.push([target, id]);
      return UNDECIDED;
    },
    access: (target: string, op: EntityOperation) => accessRule(ctx.app, target, role, op),
    aggregate: (node, parentId) => {
      const known = aggregates.get(node);
      if (known?.has(parentId)) return known.get(parentId);
      wantedAggregates.push([node, parentId]);
      return UNDECIDED;
    },
  };
  for (;;) {
    wanted = [];
    wantedAggregates = [];
    const v: Verdict = evaluateRule(rule, entity, record, ctx, { related });
    if (v !== UNDECIDED) return v === true;
    // Nothing more to load (or no way to compute an aggregate here): not admitted.
    if (wanted.length === 0 && (wantedAggregates.length === 0 || !ctx.aggregates)) return false;
    const compute = ctx.aggregates;
    const [loaded, values] = await Promise.all([
      Promise.all(wanted.map(([target, id]) => load(target, id))),
      compute ? Promise.all(wantedAggregates.map(([node, id]) => compute(node, id, ctx))) : [],
    ]);
    wanted.forEach(([target, id], i) => void rows.set(`${target}\u0000${id}`, loaded[i] ?? null));
    wantedAggregates.forEach(([node, id], i) => {
      const byParent = aggregates.get(node) ?? new Map<string, unknown>();
      aggregates.set(node, byParent);
      byParent.set(id, values[i]);
    });
  }
}
