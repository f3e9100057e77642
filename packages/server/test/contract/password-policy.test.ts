/**
 * The password rule has one published home, the contract's PASSWORD_POLICY (OpenAPI and
 * `/api/meta` say it); the server's checker must apply the same lengths.
 */
import { PASSWORD_POLICY } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../src/core/accounts/passwords';

describe('the password policy', () => {
  it('is the one the server applies', () => {
    expect({ min: PASSWORD_MIN, max: PASSWORD_MAX }).toEqual(PASSWORD_POLICY);
  });

  it.each([
    ['one short', 'k'.repeat(PASSWORD_POLICY.min - 1), true],
    ['the shortest', 'qz7Kp2Vw'.padEnd(PASSWORD_POLICY.min, 'x'), false],
    ['the longest', 'qz7Kp2Vw'.padEnd(PASSWORD_POLICY.max, 'x'), false],
    ['one long', 'qz7Kp2Vw'.padEnd(PASSWORD_POLICY.max + 1, 'x'), true],
  ])('%s is refused: %s', (_name, password, refused) => {
    expect(passwordProblem(password) !== undefined).toBe(refused);
  });
});
