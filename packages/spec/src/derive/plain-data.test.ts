import { describe, expect, it } from 'vitest';
import { plainData } from './plain-data';

describe('plainData', () => {
  it('copies plain data and drops undefined properties as JSON does', () => {
    const input = Object.freeze({ a: 1, b: undefined, c: [true, null, 'x'], d: { e: Object.freeze([]) } });
    const out = plainData(input);
    expect(out).toStrictEqual({ a: 1, c: [true, null, 'x'], d: { e: [] } });
    expect(Object.isFrozen(out)).toBe(false);
  });

  const refused: [string, unknown, RegExp][] = [
    ['a function', { handler: () => 1 }, /\$\.handler: a function/],
    ['a nested function', { a: [{ b: () => 1 }] }, /\$\.a\[0\]\.b: a function/],
    ['a date', { at: new Date(0) }, /\$\.at: a Date object/],
    ['a map', { m: new Map() }, /\$\.m: a Map object/],
    ['NaN', { n: Number.NaN }, /\$\.n: NaN is not JSON/],
    ['undefined in an array', { a: [1, undefined] }, /\$\.a\[1\]: undefined/],
    ['a bigint', { n: 1n }, /\$\.n: a bigint/],
  ];
  it.each(refused)('refuses %s', (_name, value, message) => {
    expect(() => plainData(value)).toThrow(message);
  });
});
