import { describe, expect, it } from 'vitest';
import { needsVerification } from './needs-verification';

const roles = { member: { verifyEmail: true }, guest: { verifyEmail: { actAs: 'reader' } }, staff: {} };

describe('whether an account must confirm its address', () => {
  it.each([
    [{ role: 'member', emailVerified: false }, true],
    [{ role: 'guest', emailVerified: false }, true],
    [{ role: 'member', emailVerified: true }, false],
    [{ role: 'staff', emailVerified: false }, false],
    [null, false],
  ])('%j: %s', (user, answer) => {
    expect(needsVerification(roles, user)).toBe(answer);
  });
});
