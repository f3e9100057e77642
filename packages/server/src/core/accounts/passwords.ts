/**
 * Passwords: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane), 8 to 256
 * characters, never truncated, the most common ones refused.
 */

import { PASSWORD_POLICY } from '@ninefold/spec';
import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// The policy's one home is the contract, which OpenAPI and the forms read too.
export const PASSWORD_MIN = PASSWORD_POLICY.min;
export const PASSWORD_MAX = PASSWORD_POLICY.max;

/**
 * Why a new password is refused, or undefined when it is acceptable.
 * @example passwordProblem('password1') // 'This password is too common; choose another.'
 */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string') return 'Password must be text.';
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'This password is too common; choose another.';
  return undefined;
}

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

// Verified against when the email is unknown, so both failures cost the same time.
const DUMMY_HASH = hash('ninefold-timing-equalizer', PARAMS);

/**
 * Checks a password against a stored hash (or, with none, against a dummy at equal cost).
 * @example await verifyPassword(stored, 'demo-password-1') // true
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  const target = stored ?? (await DUMMY_HASH);
  try {
    const ok = await verify(target, password);
    return ok && stored !== undefined;
  } catch {
    return false;
  }
}
