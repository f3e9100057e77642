import helpdesk from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { constant, field } from '../rules/expr';
import { and, eq, inState, not, or, type RuleNode, related } from '../rules/rule';
import { type RuleScope, recordScope, walkExpr, walkRule } from './walk-rule';

const where = (scope: RuleScope) =>
  scope.kind === 'record' ? [scope.entity, ...scope.via].join('<') : scope.kind;

function visits(rule: RuleNode, scope: RuleScope): string[] {
  const seen: string[] = [];
  walkRule(helpdesk, rule, scope, {
    rule: (n, s) => seen.push(`${n.kind}@${where(s)}`),
    expr: (n, s) => seen.push(`${n.kind === 'field' ? `field:${n.name}` : n.kind}@${where(s)}`),
  });
  return seen;
}

describe('walkRule', () => {
  it.each([
    {
      name: 'and/or/not, depth first',
      rule: and(eq('priority', 'low'), or(inState('new'), not(eq('team', null)))),
      scope: recordScope('tickets'),
      expected: [
        'and@tickets',
        'compare@tickets',
        'field:priority@tickets',
        'literal@tickets',
        'or@tickets',
        'inState@tickets',
        'not@tickets',
        'compare@tickets',
        'field:team@tickets',
        'literal@tickets',
      ],
    },
    {
      name: 'related() into the referenced entity',
      rule: related('ticket', eq('subject', constant('K'))),
      scope: recordScope('comments'),
      expected: [
        'related@comments',
        'compare@tickets<ticket',
        'field:subject@tickets<ticket',
        'const@tickets<ticket',
      ],
    },
    {
      name: 'related() twice',
      rule: related('ticket', related('requester', eq('name', 'x'))),
      scope: recordScope('comments'),
      expected: [
        'related@comments',
        'related@tickets<ticket',
        'compare@users<ticket<requester',
        'field:name@users<ticket<requester',
        'literal@users<ticket<requester',
      ],
    },
    {
      name: 'related() through a field that is not a reference',
      rule: related('body', inState('new')),
      scope: recordScope('comments'),
      expected: ['related@comments', 'inState@unresolved'],
    },
    {
      name: 'a rule with no record',
      rule: not(eq('x', 1)),
      scope: { kind: 'none', what: 'an action' } as const,
      expected: ['not@none', 'compare@none', 'field:x@none', 'literal@none'],
    },
  ])('visits $name', ({ rule, scope, expected }) => {
    expect(visits(rule, scope)).toEqual(expected);
  });
});

describe('walkExpr', () => {
  it('visits the parts of time arithmetic and lookups', () => {
    const computed = helpdesk.entities.tickets!.fields.dueAt!.computed!;
    const seen: string[] = [];
    walkExpr(computed, recordScope('tickets'), {
      expr: (n) => seen.push(n.kind === 'field' || n.kind === 'const' ? `${n.kind}:${n.name}` : n.kind),
    });
    expect(seen).toEqual(['addTime', 'field:createdAt', 'lookup', 'const:SLA_HOURS', 'field:priority']);
  });

  it('is what a bare field reads', () => {
    const seen: string[] = [];
    walkExpr(field('subject'), recordScope('tickets'), { expr: (n) => seen.push(n.kind) });
    expect(seen).toEqual(['field']);
  });
});
