import { describe, expect, it } from 'vitest';
import { aggregateValues, foldAggregate } from './aggregate-value';
import { clockValue, isTimeZone } from './clock-value';
import { evaluateExpr, evaluateRule, type RelatedRows, type RuleEnv, UNDECIDED } from './evaluate';
import {
  add,
  constant,
  countOf,
  divide,
  lit,
  multiply,
  now,
  subtract,
  sumOf,
  timeOfDay,
  today,
} from './expr';
import { allow, lte } from './rule';

const env: RuleEnv = {
  app: {
    entities: {
      items: { fields: { claim: { type: 'ref', entity: 'claims' }, amount: { type: 'integer' } } },
    },
    constants: { ZONE: { value: 'Europe/Zurich' } },
  },
  caller: null,
  now: new Date('2025-03-30T22:30:00Z'),
};
const value = (e: Parameters<typeof evaluateExpr>[0], record: Record<string, unknown> = {}) =>
  evaluateExpr(e, 'items', record, env);

describe('arithmetic', () => {
  it.each([
    ['7 / 2 is real division', divide(lit(7), 2), 3.5],
    ['division by zero is null', divide(lit(7), 0), null],
    ['a null operand is null', add('missing', 1), null],
    ['a text operand is null', add(lit('3'), 1), null],
    ['negative and fractional numbers', multiply(subtract(lit(-1.5), 0.5), 2), -4],
    ['an overflow no double holds is null', multiply(lit(1e308), 10), null],
    ['a product past the largest double is null', multiply(lit(1e200), lit(1e200)), null],
    ['a sum within a hair of the largest double is null too', add(lit(1.7976931348623e308), 0), null],
    ['the largest value kept', multiply(lit(1.797693134862e308), 1), 1.797693134862e308],
    ['an underflow is 0', multiply(lit(1e-200), 1e-200), 0],
    ['0.1 + 0.2 is the double it is on every dialect', add(lit(0.1), 0.2), 0.1 + 0.2],
  ])('%s', (_, e, expected) => {
    expect(value(e)).toBe(expected);
  });
});

describe('clock functions', () => {
  it.each([
    // Europe/Zurich enters summer time at 01:00 UTC on 30 March 2025 (02:00 → 03:00 local).
    ['time', '2025-03-30T00:59:00Z', 'Europe/Zurich', '01:59'],
    ['time', '2025-03-30T01:00:00Z', 'Europe/Zurich', '03:00'],
    // …and leaves it at 01:00 UTC on 26 October 2025 (03:00 → 02:00 local).
    ['time', '2025-10-26T00:30:00Z', 'Europe/Zurich', '02:30'],
    ['time', '2025-10-26T01:30:00Z', 'Europe/Zurich', '02:30'],
    // New York: 9 March 2025, 02:00 EST → 03:00 EDT at 07:00 UTC.
    ['time', '2025-03-09T06:59:00Z', 'America/New_York', '01:59'],
    ['time', '2025-03-09T07:00:00Z', 'America/New_York', '03:00'],
    // Midnight is 00:00, never 24:00; the date turns over with it.
    ['time', '2025-01-01T23:00:00Z', 'Europe/Zurich', '00:00'],
    ['date', '2025-01-01T23:00:00Z', 'Europe/Zurich', '2025-01-02'],
    ['date', '2025-01-01T04:59:59Z', 'America/New_York', '2024-12-31'],
    ['weekday', '2025-01-05T12:00:00Z', 'UTC', 7],
    ['weekday', '2025-01-05T23:30:00Z', 'Europe/Zurich', 1],
    ['time', '2025-01-05T12:00:00Z', 'Mars/Olympus', null],
    ['date', 'not a time', 'UTC', null],
    ['date', null, 'UTC', null],
    ['date', '2025-01-05T12:00:00Z', null, null],
  ] as const)('%s of %s in %s is %s', (part, instant, zone, expected) => {
    expect(clockValue(part, instant, zone)).toBe(expected);
  });

  it('knows a zone only when the platform does', () => {
    expect([isTimeZone('Europe/Zurich'), isTimeZone('Europe/Zurch'), isTimeZone('')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('today(zone) is the date of now in the zone', () => {
    expect(value(today(constant('ZONE')))).toBe('2025-03-31');
    expect(value(timeOfDay(now(), constant('ZONE')))).toBe('00:30');
  });
});

describe('aggregates', () => {
  it('folds as SQL aggregates do: empty count and sum 0, min and max null, nulls skipped', () => {
    expect(['count', 'sum', 'min', 'max'].map((fn) => aggregateValues(fn as 'sum', []))).toEqual([
      0,
      0,
      null,
      null,
    ]);
    expect(aggregateValues('sum', [3, null, 4])).toBe(7);
    expect(aggregateValues('min', [null, 'b', 'a'])).toBe('a');
    expect(aggregateValues('count', [null, null])).toBe(2);
    expect(foldAggregate('max', null, 5)).toBe(5);
  });

  it('a sum past the largest double is null, and stays null', () => {
    expect(aggregateValues('sum', [1.7e308, 1.7e308])).toBeNull();
    expect(aggregateValues('sum', [1.7e308, 1.7e308, -1.7e308])).toBeNull();
    expect(aggregateValues('sum', [1e200, -1e200, 1.7e308])).toBe(1.7e308);
    expect(foldAggregate('sum', 1.7e308, 1.7e308)).toBeNull();
    expect(foldAggregate('sum', null, 1)).toBeNull();
    expect(foldAggregate('sum', null, null)).toBeNull();
  });

  it('asks the related rows for the value, and is UNDECIDED until they answer', () => {
    const rule = lte(sumOf('items', 'claim', 'amount', { of: 'claim' }), 10);
    const asked: string[] = [];
    const related: RelatedRows = {
      row: () => null,
      access: () => allow(),
      aggregate: (node, parent) => {
        asked.push(`${node.fn}:${parent}`);
        return 12;
      },
    };
    expect(evaluateRule(rule, 'items', { claim: 'c1' }, env)).toBe(UNDECIDED);
    expect(evaluateRule(rule, 'items', { claim: 'c1' }, env, { related })).toBe(false);
    expect(asked).toEqual(['sum:c1']);
    // No parent: no child points at it.
    expect(evaluateExpr(countOf('items', 'claim', { of: 'claim' }), 'items', { claim: null }, env)).toBe(0);
  });
});
