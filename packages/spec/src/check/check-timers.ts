/**
 * Timers: a span after a moment of a record. The moment is a datetime field; each amount a
 * number the record and the constants tell, worked out again whenever the record or a
 * constant changes — so nothing that moves by itself (the clock, other records) and nothing
 * only a caller knows. A timed transition fires as the system, which sends no input and has
 * no caller to judge a precondition by.
 */
import type { TimerNode } from '../app/automation';
import type { EntityNode, TransitionNode } from '../app/entity';
import type { Fields } from '../fields/field';
import type { ExprNode } from '../rules/expr';
import { fieldNames, fieldOf } from './app-lookup';
import { callerReads, exprCallerReads } from './caller-reads';
import type { CheckContext } from './check-context';
import { checkExpr } from './check-rule';
import { article, which } from './describe-names';
import { kindWord, staticType } from './static-type';
import { type RuleScope, recordScope, walkExpr } from './walk-rule';

const UNITS = ['days', 'hours', 'minutes'] as const;

// Kinds an amount may not contain, and why: the timer is planned once, when the record or a
// constant changes, so its span must be told by those alone (an aggregate, which other
// records move, is refused in any expression outside a rule already).
const MOVING: Partial<Record<ExprNode['kind'], string>> = {
  now: 'the clock, which moves on while the timer waits',
  addTime: 'a moment, not a number',
  clock: 'the clock, which moves on while the timer waits',
  caller: 'the caller, and a timer fires with none',
  input: "a transition's input, which a timer does not have",
};

/**
 * Checks a timer of a record of `entity`; `what` names it in messages.
 * @example checkTimer(ctx, 'tickets', t.after, 'entities.tickets.states.transitions.close.after', "the timer of transition 'close'")
 */
export function checkTimer(
  ctx: CheckContext,
  entity: string,
  timer: TimerNode,
  path: string,
  what: string,
): void {
  const node = ctx.app.entities[entity];
  if (!node) return;
  if (!UNITS.some((u) => timer[u] !== undefined)) {
    ctx.report(path, `${what} gives no span: give days, hours or minutes`);
  }
  if (timer.since !== undefined) checkSince(ctx, entity, node, timer.since, `${path}.since`, what);
  for (const unit of UNITS) {
    const amount = timer[unit];
    if (amount) checkAmount(ctx, recordScope(entity), amount, `${path}.${unit}`, `${what} takes its ${unit}`);
  }
}

function checkSince(
  ctx: CheckContext,
  entity: string,
  node: EntityNode,
  since: string,
  path: string,
  what: string,
): void {
  const field = fieldOf(node, since);
  if (!field) {
    ctx.report(
      path,
      `${what} counts from ${which(since, `a field of ${entity}`, fieldNames(node), 'fields')}`,
    );
  } else if (field.type !== 'datetime') {
    ctx.report(path, `${what} counts from '${since}', which is ${article(field.type)} field, not a datetime`);
  }
}

function checkAmount(
  ctx: CheckContext,
  scope: RuleScope,
  amount: ExprNode,
  path: string,
  what: string,
): void {
  checkExpr(ctx, amount, scope, path);
  let moving: string | undefined;
  walkExpr(
    amount,
    scope,
    {
      expr: (n) => {
        moving ??= MOVING[n.kind];
      },
    },
    ctx.app,
  );
  if (moving) {
    ctx.report(path, `${what} from ${moving}; give a number, a numeric constant, a lookup or a number field`);
    return;
  }
  if (amount.kind === 'literal' && typeof amount.value === 'number' && !Number.isFinite(amount.value)) {
    ctx.report(path, `${what} from ${amount.value}, which is not a finite number`);
    return;
  }
  const type = staticType(ctx, amount, scope);
  if (type && type.kind !== 'number') {
    ctx.report(path, `${what} from ${type.what}, which is ${kindWord(type.kind)}, not a number`);
  }
}

/**
 * The input fields a transition cannot do without: those neither optional nor defaulted.
 * The system sends none when it takes a transition by itself.
 * @example requiredInputs(app.entities.tickets!.states!.transitions.resolve!.input) // ['resolution']
 */
export function requiredInputs(fields: Fields): string[] {
  return Object.entries(fields)
    .filter(([, f]) => !f.optional && f.default === undefined)
    .map(([n]) => n);
}

/**
 * What of a transition needs a caller, which the system taking it has none of: its
 * preconditions and its assignments, each with the part that reads the caller.
 * @example callerNeeds(app, 'tickets', t) // [{ at: 'requires[0].check', reads: "callerIs('requester')" }]
 */
export function callerNeeds(
  ctx: CheckContext,
  entity: string,
  t: TransitionNode,
): { readonly at: string; readonly reads: string }[] {
  const scope = recordScope(entity);
  const needs: { at: string; reads: string }[] = [];
  for (const [i, p] of t.requires.entries()) {
    const reads = callerReads(ctx.app, p.check, scope);
    if (reads) needs.push({ at: `requires[${i}].check`, reads });
  }
  for (const [key, value] of Object.entries(t.set)) {
    const reads = exprCallerReads(ctx, value, scope);
    if (reads) needs.push({ at: `set.${key}`, reads });
  }
  return needs;
}

/**
 * Checks every timed transition: its timer, and that the system can take it alone.
 * @example checkTimedTransitions(ctx) // reports "transition 'resolve' fires by itself with no input, but …"
 */
export function checkTimedTransitions(ctx: CheckContext): void {
  for (const [name, entity] of Object.entries(ctx.app.entities)) {
    for (const t of Object.values(entity.states?.transitions ?? {})) {
      if (!t.after) continue;
      const path = `entities.${name}.states.transitions.${t.name}`;
      checkTimer(ctx, name, t.after, `${path}.after`, `the timer of transition '${t.name}'`);
      const required = requiredInputs(t.input);
      if (required.length > 0) {
        ctx.report(
          `${path}.after`,
          `transition '${t.name}' fires by itself with no input, but its input ${required.map((r) => `'${r}'`).join(', ')} is required: make it optional or give it a default`,
        );
      }
      for (const need of callerNeeds(ctx, name, t)) {
        ctx.report(
          `${path}.${need.at}`,
          `transition '${t.name}' also fires by itself, as the system with no caller, but this reads ${need.reads}`,
        );
      }
    }
  }
}
