/**
 * What a rule is for a role before any record is seen: some rules are settled by the role
 * alone (`allow`, `signedIn`, `hasRole`), the rest depend on the record or the request.
 */
import { ANONYMOUS } from '../app/define-app';
import type { ExprNode, Literal } from '../rules/expr';
import type { RuleNode } from '../rules/rule';

/**
 * True or false when the caller's role alone settles the rule, undefined when it depends on
 * the record, the input, the time or the caller's identity.
 * @example
 * ruleTruthForRole(hasRole('agent'), 'agent') // true
 * ruleTruthForRole(signedIn(), 'anonymous') // false
 * ruleTruthForRole(callerIs('requester'), 'customer') // undefined
 */
export function ruleTruthForRole(rule: RuleNode, role: string): boolean | undefined {
  switch (rule.kind) {
    case 'allow':
      return true;
    case 'deny':
      return false;
    case 'signedIn':
      return role !== ANONYMOUS;
    case 'not': {
      const inner = ruleTruthForRole(rule.rule, role);
      return inner === undefined ? undefined : !inner;
    }
    case 'and':
    case 'or': {
      // `and` is settled false by one false part, `or` settled true by one true part.
      const decisive = rule.kind === 'or';
      const parts = rule.rules.map((r) => ruleTruthForRole(r, role));
      if (parts.includes(decisive)) return decisive;
      return parts.includes(undefined) ? undefined : !decisive;
    }
    case 'in':
      return isCallerRole(rule.left) ? roleIn(rule.values, role) : undefined;
    case 'compare': {
      if (rule.op !== 'eq' && rule.op !== 'ne') return undefined;
      const other = isCallerRole(rule.left) ? rule.right : isCallerRole(rule.right) ? rule.left : undefined;
      if (other?.kind !== 'literal') return undefined;
      const is = roleIn([other.value], role);
      return is === undefined ? undefined : is === (rule.op === 'eq');
    }
    default:
      return undefined;
  }
}

function isCallerRole(e: ExprNode): boolean {
  return e.kind === 'caller' && e.prop === 'role';
}

// Whether a signed-out caller's role reads as null or as 'anonymous' is the server's to say,
// so a rule naming either is left open for anonymous rather than guessed.
function roleIn(values: readonly Literal[], role: string): boolean | undefined {
  if (role !== ANONYMOUS) return values.includes(role);
  return values.includes(null) || values.includes(ANONYMOUS) ? undefined : false;
}
