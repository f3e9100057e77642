import { describe, expect, it } from 'vitest';
import { isStoreKey, storeKey, storePrefix } from './store-key';

describe('storeKey', () => {
  it('admits the keys the server makes', () => {
    for (const key of ['0193a7c2-7c1e-7b8e-9d4f-1a2b3c4d5e6f', 'tickets/01/a.thumb.webp', 'a_b-c.9']) {
      expect(storeKey(key)).toBe(key);
    }
  });

  it('refuses anything that could climb out, hide, or mean two things', () => {
    const bad = [
      '',
      '.',
      '..',
      '../a',
      'a/..',
      'a/../b',
      '/a',
      'a/',
      'a//b',
      '.tmp/x',
      '.hidden',
      'a\\b',
      'C:x',
      'a b',
      'é',
      'a\0b',
      'x'.repeat(256),
      `${'a/'.repeat(600)}a`,
    ];
    for (const key of bad) {
      expect(isStoreKey(key), key).toBe(false);
      expect(() => storeKey(key), key).toThrow(/Refused store key/);
    }
    expect(isStoreKey(undefined)).toBe(false);
  });
});

describe('storePrefix', () => {
  it('admits an empty prefix, whole segments and a partial last one', () => {
    for (const prefix of ['', 'tickets/', 'tickets/01', 'a/b/c/', 't']) {
      expect(storePrefix(prefix)).toBe(prefix);
    }
  });

  it('refuses a prefix no safe key could start with', () => {
    for (const prefix of ['/', '/etc', '../', 'a/../', '.tmp/', 'a//', '.']) {
      expect(() => storePrefix(prefix), prefix).toThrow(/Refused store prefix/);
    }
  });
});
