/**
 * A spec rule judged on a record the page already has, for what the list answers do not
 * carry (`$can` comes only with single records): which transitions a card can offer. The
 * judgement is the spec's one evaluator, the server's own meaning, NULLs included; what the
 * page does not have (a field it was not sent, a related record, a constant, the time) is
 * "maybe", offered, and left to the server, which is the authority either way.
 */
import { evaluateRule, type RuleNode, type RuleSchema, UNDECIDED } from '@ninefold/spec';

export interface RuleContext {
  readonly role: string;
  readonly user: { readonly id: string; readonly [prop: string]: unknown } | null;
  readonly record: { readonly [field: string]: unknown };
  /** The record's state field, for `inState`. */
  readonly stateField?: string | undefined;
}

const NO_ENTITIES: RuleSchema = { entities: {}, constants: {} };

// Only the state field is known of the entity: `inState` is judged by it, references are not.
function schemaOf(stateField: string | undefined): RuleSchema {
  if (!stateField) return NO_ENTITIES;
  return { entities: { record: { states: { field: stateField }, fields: {} } }, constants: {} };
}

/**
 * True or false when the page can tell, undefined when only the server can. A rule whose
 * answer is unknown (a comparison with an empty field) is false, as on the server.
 * @example ruleOnRecord(callerIs('requester'), { role: 'customer', user: { id: 'u1' }, record: { requester: 'u1' } }) // true
 */
export function ruleOnRecord(rule: RuleNode, ctx: RuleContext): boolean | undefined {
  const caller = ctx.user ? { ...ctx.user, role: ctx.role } : null;
  const v = evaluateRule(
    rule,
    'record',
    ctx.record,
    { app: schemaOf(ctx.stateField), caller },
    { partial: true },
  );
  return v === UNDECIDED ? undefined : v === true;
}
