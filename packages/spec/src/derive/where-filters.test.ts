import { describe, expect, it } from 'vitest';
import { addDays, caller, constant, now } from '../rules/expr';
import { filtersQuery, type whereFilters, whereQuery } from './where-filters';

const app = { entities: {}, constants: { DAYS: { value: 7 } } };
const env = { app, caller: { id: 'u1', role: 'agent' }, now: new Date('2025-03-01T10:00:00.000Z') };

describe('whereFilters', () => {
  const cases: [label: string, where: Parameters<typeof whereFilters>[0], query: Record<string, string>][] = [
    ['a literal is equality', { status: 'open' }, { status: 'open' }],
    ['null asks for empty', { assignee: null }, { assignee: 'null' }],
    ['an array is one of', { status: ['new', 'open'] }, { 'status[in]': 'new,open' }],
    ['the caller', { assignee: caller('id') }, { assignee: 'u1' }],
    ['now, as an operator', { dueAt: { lt: now() } }, { 'dueAt[lt]': '2025-03-01T10:00:00.000Z' }],
    [
      'a range with a constant',
      { dueAt: { gte: now(), lt: addDays(now(), constant('DAYS')) } },
      { 'dueAt[gte]': '2025-03-01T10:00:00.000Z', 'dueAt[lt]': '2025-03-08T10:00:00.000Z' },
    ],
    ['numbers and booleans', { qty: { gt: 2 }, paid: true }, { 'qty[gt]': '2', paid: 'true' }],
    ['contains', { subject: { contains: 'print' } }, { 'subject[contains]': 'print' }],
  ];
  it.each(cases)('%s', (_label, where, query) => {
    expect(whereQuery(where, env)).toEqual(query);
  });

  it('refuses a comma inside a value of in, rather than splitting it', () => {
    expect(() => whereQuery({ name: ['a,b'] }, env)).toThrow(/comma/);
  });

  it('a signed-out caller is no value: the filter then asks for an empty field', () => {
    expect(whereQuery({ assignee: caller('id') }, { app, caller: null })).toEqual({ assignee: 'null' });
  });

  it('filtersQuery refuses one operator twice on a field', () => {
    expect(() =>
      filtersQuery([
        { field: 'a', op: 'eq', value: 1 },
        { field: 'a', op: 'eq', value: 2 },
      ]),
    ).toThrow(/twice/);
  });
});
