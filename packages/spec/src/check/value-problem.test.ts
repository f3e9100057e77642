import { describe, expect, it } from 'vitest';
import { type Field, f } from '../fields/field';
import { valueProblem } from './value-problem';

const fits: [string, Field, unknown][] = [
  ['text', f.text(), 'hello'],
  ['email', f.email(), 'a@b.test'],
  ['integer', f.integer(), 3],
  ['number', f.number(), 2.5],
  ['boolean', f.boolean(), false],
  ['datetime', f.datetime(), '2025-01-01T00:00:00Z'],
  ['enum', f.enum(['a', 'b']), 'b'],
  ['ref', f.ref('users'), 'u1'],
  ['list', f.list(f.integer()), [1, 2]],
  ['empty list', f.list(f.text()), []],
  ['object', f.object({ a: f.text() }), { a: 'x' }],
  ['null in an optional field', f.text({ optional: true }), null],
];

const misfits: [string, Field, unknown, string][] = [
  ['a number as text', f.text(), 5, 'is 5, which is not text'],
  ['a fraction as an integer', f.integer(), 1.5, 'is 1.5, which is not a whole number'],
  ['NaN as a number', f.number(), Number.NaN, 'is NaN, which is not a number'],
  ['a string as a boolean', f.boolean(), 'yes', "is 'yes', which is not true or false"],
  ['a non-date as a datetime', f.datetime(), 'soon', "is 'soon', which is not a timestamp"],
  ['a value outside an enum', f.enum(['a', 'b']), 'c', "is 'c', which is not one of a, b"],
  ['a string as a list', f.list(f.text()), 'a', "is 'a', which is not a list"],
  ['a bad item', f.list(f.integer()), [1, 'x'], "has an item 1 that is 'x', which is not a whole number"],
  ['a null item', f.list(f.integer()), [null], 'has an item 0 that is null'],
  ['a list as an object', f.object({}), [], 'is a list, which is not an object'],
  ['null in a required field', f.text(), null, 'is null, but the field is not optional'],
];

describe('valueProblem', () => {
  it.each(fits)('accepts %s', (_, field, value) => {
    expect(valueProblem(field, value)).toBeUndefined();
  });

  it.each(misfits)('refuses %s', (_, field, value, expected) => {
    expect(valueProblem(field, value)).toBe(expected);
  });
});
