import { and, eq, gt, type RuleNode } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { ruleAsWhere } from './use-ref-options';

describe('ruleAsWhere', () => {
  it('turns equalities of fields with values into list filters', () => {
    expect(ruleAsWhere(eq('role', 'agent') as RuleNode)).toEqual({ role: 'agent' });
    expect(ruleAsWhere(and(eq('role', 'agent'), eq('active', true)) as RuleNode)).toEqual({
      role: 'agent',
      active: true,
    });
  });

  it('leaves anything else to the server', () => {
    expect(ruleAsWhere(gt('age', 3) as RuleNode)).toEqual({});
    expect(ruleAsWhere(undefined)).toEqual({});
  });
});
