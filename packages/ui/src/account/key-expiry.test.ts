import { describe, expect, it } from 'vitest';
import { keyExpiresAt } from './key-expiry';

const now = new Date('2025-01-01T00:00:00Z');

describe('a new key’s expiry', () => {
  it.each([
    ['30', '2025-01-31T00:00:00.000Z'],
    ['365', '2026-01-01T00:00:00.000Z'],
    ['never', undefined],
    ['', undefined],
  ])('%s days from now: %s', (choice, at) => {
    expect(keyExpiresAt(choice, now)).toBe(at);
  });
});
