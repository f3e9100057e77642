/**
 * What a rule is for a role before any record is seen: some rules are settled by the role
 * alone (`allow`, `signedIn`, `hasRole`), the rest depend on the record or the request.
 * Derived from the one evaluator: the rule is evaluated with nothing but the role, and
 * whatever needs more (a field, the caller's id, the time, a constant) leaves it open.
 */
import { ANONYMOUS } from '../app/define-app';
import { evaluateRule, type RuleSchema, UNDECIDED } from '../rules/evaluate';
import type { RuleNode } from '../rules/rule';

// No entity, no constants: a rule that reads them is not settled by the role.
const NOTHING: RuleSchema = { entities: {}, constants: {} };

/**
 * True or false when the caller's role alone settles the rule, undefined when it depends on
 * the record, the input, the time or the caller's identity. A rule settled as unknown is
 * false: it admits nobody, as everywhere else.
 * @example
 * ruleTruthForRole(hasRole('agent'), 'agent') // true
 * ruleTruthForRole(signedIn(), 'anonymous') // false
 * ruleTruthForRole(callerIs('requester'), 'customer') // undefined
 */
export function ruleTruthForRole(rule: RuleNode, role: string): boolean | undefined {
  const caller = role === ANONYMOUS ? null : { role };
  const v = evaluateRule(rule, '', null, { app: NOTHING, caller }, { partial: true });
  return v === UNDECIDED ? undefined : v === true;
}
