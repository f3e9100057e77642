import { describe, expect, it } from 'vitest';
import { passwordHint, passwordProblem } from './password-rule';

const rule = { min: 8, max: 12 };

describe('the password rule', () => {
  it.each([
    ['', 'Password is required.'],
    ['short', 'Password must be at least 8 characters.'],
    ['x'.repeat(13), 'Password must be at most 12 characters.'],
    ['long enough', undefined],
  ])('%j: %s', (password, problem) => {
    expect(passwordProblem(password, rule)).toBe(problem);
  });

  it('is said in words', () => {
    expect(passwordHint(rule)).toMatch(/^At least 8 characters\./);
    expect(passwordHint(undefined)).not.toMatch(/At least/);
  });
});
