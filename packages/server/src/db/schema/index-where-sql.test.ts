import {
  and,
  eq,
  field,
  gte,
  inState,
  isNull,
  lit,
  lt,
  ne,
  not,
  now,
  oneOf,
  or,
  related,
} from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { postgresSchema } from '../postgres/postgres-schema';
import { sqliteSchema } from '../sqlite/sqlite-schema';
import { indexWhereSql } from './index-where-sql';

describe('indexWhereSql', () => {
  it.each([
    ['a state', not(inState('cancelled', 'done')), `(NOT ("status" IN ('cancelled', 'done')))`, undefined],
    ['a quote doubled', eq('label', "O'Brien"), `("label" = 'O''Brien')`, undefined],
    [
      'SQL inside a string stays inside it',
      ne('label', "x'); DROP TABLE t; --"),
      `("label" <> 'x''); DROP TABLE t; --')`,
      undefined,
    ],
    ['a literal on the left, flipped', lt(lit(3), field('rank')), '("rank" > 3)', undefined],
    ['a boolean per dialect', eq('active', true), '("active" = 1)', '("active" = true)'],
    [
      'null as emptiness',
      and(eq('label', null), ne('rank', null), isNull('note')),
      '(("label" IS NULL) AND ("rank" IS NOT NULL) AND ("note" IS NULL))',
      undefined,
    ],
    ['oneOf with a null', oneOf('kind', ['a', null]), `("kind" IN ('a') OR "kind" IS NULL)`, undefined],
    ['an empty or', or(), '(1 = 0)', undefined],
    ['a comparison with null that is never true', gte('rank', null), '(1 = 0)', undefined],
  ])('writes %s', (_, rule, sqlite, postgres) => {
    expect(indexWhereSql(rule, 'status', sqliteSchema)).toBe(sqlite);
    expect(indexWhereSql(rule, 'status', postgresSchema)).toBe(postgres ?? sqlite);
  });

  it.each([
    ['a related record', related('team', eq('name', 'x'))],
    ['the clock', lt('dueAt', now())],
    ['two fields', eq('a', field('b'))],
    ['a state without states', inState('open')],
    ['a number no SQL can hold', eq('rank', Number.POSITIVE_INFINITY)],
  ])('refuses %s, which the checker keeps out', (_, rule) => {
    expect(() => indexWhereSql(rule, undefined, sqliteSchema)).toThrow(/cannot use/);
  });
});
