import { describe, expect, it } from 'vitest';
import { passwordHint, passwordProblem } from './password-rule';

const rule = { min: 8, max: 12 };

describe('the password rule', () => {
  it.each([
    ['', 'Password is required.'],
    ['short', 'Password must be at least 8 characters.'],
    ['x'.repeat(13), 'Password must be at most 12 characters.'],
    ['long enough', undefined],
    // Counted in characters (code points), as the server counts: 4 emoji are 8 UTF-16 units.
    ['🔑🔑🔑🔑', 'Password must be at least 8 characters.'],
    ['🔑'.repeat(12), undefined],
    ['🔑'.repeat(13), 'Password must be at most 12 characters.'],
  ])('%j: %s', (password, problem) => {
    expect(passwordProblem(password, rule)).toBe(problem);
  });

  it('takes the longest password the server takes, in astral characters', () => {
    const server = { min: 8, max: 256 };
    expect(passwordProblem('𝄞'.repeat(256), server)).toBeUndefined();
    expect(passwordProblem('𝄞'.repeat(257), server)).toBe('Password must be at most 256 characters.');
  });

  it('is said in words', () => {
    expect(passwordHint(rule)).toMatch(/^At least 8 characters\./);
    expect(passwordHint(undefined)).not.toMatch(/At least/);
  });
});
