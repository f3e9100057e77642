import { describe, expect, it } from 'vitest';
import { hasBadText } from './storable-text';

describe('hasBadText', () => {
  it.each([
    ['plain text', 'Printer on fire', false],
    ['an emoji (a surrogate pair)', 'ok \u{1F600}', false],
    ['a NUL', 'a\u0000b', true],
    ['a lone high surrogate', 'half \ud83d', true],
    ['a lone low surrogate', '\ude00 half', true],
    ['a bad key', { 'k\u0000': 1 }, true],
    ['a bad string deep in arrays', [[[{ a: ['\ud800'] }]]], true],
    ['numbers, booleans and null', [1, true, null, { a: 2 }], false],
  ])('%s', (_name, value, bad) => {
    expect(hasBadText(value)).toBe(bad);
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(hasBadText(deep)).toBe(true);
  });
});
