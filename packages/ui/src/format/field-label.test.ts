import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-label';

describe('fieldLabel', () => {
  it('is the declared label, else the name made readable', () => {
    expect(fieldLabel({ priority: { label: 'How urgent' } }, 'priority')).toBe('How urgent');
    expect(fieldLabel({ priority: {} }, 'resolvedAt')).toBe('Resolved at');
  });
});
