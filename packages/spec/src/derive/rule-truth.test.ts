import { describe, expect, it } from 'vitest';
import { caller, constant, lit, now } from '../rules/expr';
import {
  allow,
  and,
  callerIs,
  deny,
  eq,
  hasRole,
  inState,
  lt,
  ne,
  not,
  or,
  type RuleNode,
  signedIn,
} from '../rules/rule';
import { ruleTruthForRole } from './rule-truth';

describe('ruleTruthForRole', () => {
  const cases: [string, RuleNode, string, boolean | undefined][] = [
    ['allow', allow(), 'customer', true],
    ['deny', deny(), 'admin', false],
    ['signedIn for a role', signedIn(), 'customer', true],
    ['signedIn for anonymous', signedIn(), 'anonymous', false],
    ['hasRole, member', hasRole('agent', 'admin'), 'agent', true],
    ['hasRole, not member', hasRole('agent'), 'customer', false],
    ['hasRole for anonymous', hasRole('agent'), 'anonymous', false],
    // A signed-out caller's role reads 'anonymous' (the role their rules are chosen by), on the
    // server and here alike: one evaluator.
    ['hasRole naming anonymous, for anonymous', hasRole('anonymous'), 'anonymous', true],
    ['not hasRole, for anonymous', not(hasRole('agent')), 'anonymous', true],
    ['the time is not settled by the role', lt(now(), lit('2030-01-01T00:00:00.000Z')), 'agent', undefined],
    ['a constant is not settled by the role', eq(lit(1), constant('LIMIT')), 'agent', undefined],
    ['role equality', eq(lit('agent'), caller('role')), 'agent', true],
    ['role inequality', ne(caller('role'), lit('agent')), 'agent', false],
    ['record-dependent', callerIs('requester'), 'customer', undefined],
    ['state-dependent', inState('new'), 'agent', undefined],
    ['and settled false by one part', and(callerIs('requester'), deny()), 'customer', false],
    ['and open when a part is open', and(allow(), callerIs('requester')), 'customer', undefined],
    ['and of settled parts', and(allow(), signedIn()), 'customer', true],
    ['or settled true by one part', or(callerIs('requester'), hasRole('agent')), 'agent', true],
    ['or of false parts', or(deny(), hasRole('agent')), 'customer', false],
    ['not flips', not(hasRole('agent')), 'customer', true],
    ['not of open stays open', not(inState('new')), 'customer', undefined],
  ];
  it.each(cases)('%s', (_name, rule, role, expected) => {
    expect(ruleTruthForRole(rule, role)).toBe(expected);
  });
});
