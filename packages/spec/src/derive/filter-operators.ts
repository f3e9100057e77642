/**
 * The list filter vocabulary: which fields a list can be filtered on, and with
 * which operators. `?priority=high` is equality; `?field[op]=value` names an operator, e.g.
 * `?createdAt[gte]=2025-01-01T00:00:00Z`, `?priority[in]=high,urgent`, `?subject[contains]=login`.
 */
import type { EntityNode } from '../app/entity';
import type { Field, FieldType } from '../fields/field';

export type FilterOperator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'contains';

/** A field a list can filter on: a scalar entity field or a system one (sorts: `listCapabilities`). */
export interface FilterableField {
  readonly name: string;
  readonly type: FieldType;
  readonly values?: readonly string[];
  readonly operators: readonly FilterOperator[];
}

const ORDERED: readonly FilterOperator[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in'];
// Every type, so a new one is decided here: lists, objects, maps and files take no filter (a
// file field holds uploads, not a value a list could compare).
const OPERATORS: Record<FieldType, readonly FilterOperator[]> = {
  text: ['eq', 'ne', 'in', 'contains'],
  longText: ['eq', 'ne', 'in', 'contains'],
  email: ['eq', 'ne', 'in', 'contains'],
  url: ['eq', 'ne', 'in', 'contains'],
  enum: ['eq', 'ne', 'in'],
  state: ['eq', 'ne', 'in'],
  ref: ['eq', 'ne', 'in'],
  boolean: ['eq', 'ne'],
  integer: ORDERED,
  number: ORDERED,
  datetime: ORDERED,
  date: ORDERED,
  list: [],
  object: [],
  map: [],
  file: [],
  files: [],
};

/**
 * The operators a field type can be filtered with; none for lists, objects, maps and files.
 * @example filterOperators('datetime') // ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in']
 */
export function filterOperators(type: FieldType): readonly FilterOperator[] {
  return Object.hasOwn(OPERATORS, type) ? OPERATORS[type] : [];
}

const SYSTEM: readonly FilterableField[] = [
  { name: 'id', type: 'ref', operators: filterOperators('ref') },
  { name: 'createdAt', type: 'datetime', operators: filterOperators('datetime') },
  { name: 'updatedAt', type: 'datetime', operators: filterOperators('datetime') },
  { name: 'version', type: 'integer', operators: filterOperators('integer') },
];

/**
 * The fields of an entity a list can filter on, system ones first.
 * @example filterableFields(app.entities.tickets!).map((f) => f.name) // ['id', 'createdAt', …, 'status']
 */
export function filterableFields(entity: EntityNode): FilterableField[] {
  const own = Object.entries(entity.fields).flatMap(([name, field]): FilterableField[] => {
    const operators = filterOperators(field.type);
    if (operators.length === 0) return [];
    return [{ name, type: field.type, operators, ...enumValues(field) }];
  });
  return [...SYSTEM, ...own];
}

function enumValues(field: Field): { values?: readonly string[] } {
  return field.type === 'enum' || field.type === 'state' ? { values: field.values } : {};
}
