import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import type { FieldType } from '../fields/field';
import { type FilterOperator, filterableFields, filterOperators } from './filter-operators';

describe('filterOperators', () => {
  const cases: [FieldType, FilterOperator[]][] = [
    ['text', ['eq', 'ne', 'in', 'contains']],
    ['enum', ['eq', 'ne', 'in']],
    ['state', ['eq', 'ne', 'in']],
    ['ref', ['eq', 'ne', 'in']],
    ['boolean', ['eq', 'ne']],
    ['integer', ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in']],
    ['datetime', ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in']],
    ['date', ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in']],
    ['url', ['eq', 'ne', 'in', 'contains']],
    ['list', []],
    ['map', []],
  ];
  it.each(cases)('%s: %j', (type, ops) => {
    expect(filterOperators(type)).toEqual(ops);
  });
});

describe('filterableFields', () => {
  const fields = filterableFields(app.entities.tickets!);
  const names = fields.map((x) => x.name);

  it.each(['id', 'createdAt', 'updatedAt', 'subject', 'priority', 'status', 'assignee', 'dueAt'])(
    'tickets can be filtered on %s',
    (name) => {
      expect(names).toContain(name);
    },
  );

  it('leaves lists out', () => {
    expect(names).not.toContain('tags');
  });

  it('carries enum values', () => {
    expect(fields.find((x) => x.name === 'status')?.values).toEqual([
      'new',
      'open',
      'pending',
      'resolved',
      'closed',
      'cancelled',
    ]);
  });
});
