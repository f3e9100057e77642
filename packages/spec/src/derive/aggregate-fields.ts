/**
 * What an aggregate may name, per entity: the one home of which fields a group-by, a sum,
 * an average, a minimum or a maximum takes. The server refuses the rest, OpenAPI lists
 * these, and the UI offers only these. The caller's field rules narrow it further (a field
 * hidden on some record it may read is refused as if it did not exist).
 */
import type { EntityNode } from '../app/entity';
import type { AggregateOp } from '../contract/wire-types';
import type { FieldType } from '../fields/field';

/** How many groups an aggregate answers at most: past it the query is refused, never cut. */
export const AGGREGATE_MAX_GROUPS = 1000;
/** How many fields one aggregate may group by. */
export const AGGREGATE_MAX_GROUP_BY = 3;

/** Per use, the fields of an entity an aggregate may name (before the caller's field rules). */
export interface AggregateFields {
  readonly groupBy: readonly string[];
  readonly sum: readonly string[];
  readonly avg: readonly string[];
  readonly min: readonly string[];
  readonly max: readonly string[];
}

// Scalars with few distinct values or a meaning as a category; not free text, not instants,
// never lists, objects, maps or files (none of these sets names them: a file field holds
// uploads, which no aggregate groups, adds up or orders).
const GROUPABLE: ReadonlySet<FieldType> = new Set([
  'enum',
  'state',
  'ref',
  'boolean',
  'integer',
  'text',
  'email',
  'url',
  'date',
]);
const SUMMABLE: ReadonlySet<FieldType> = new Set(['integer', 'number']);
const ORDERED: ReadonlySet<FieldType> = new Set([
  'integer',
  'number',
  'datetime',
  'date',
  'text',
  'email',
  'url',
]);
// The timestamps every record has: "the latest change" is a natural max.
const SYSTEM_ORDERED = ['createdAt', 'updatedAt'] as const;

const CACHE = new WeakMap<EntityNode, AggregateFields>();

/**
 * The fields each part of an aggregate may name.
 * @example aggregateFields(app.entities.tickets!).sum // ['estimate']
 */
export function aggregateFields(entity: EntityNode): AggregateFields {
  let known = CACHE.get(entity);
  if (!known) {
    const of = (types: ReadonlySet<FieldType>) =>
      Object.entries(entity.fields)
        .filter(([, f]) => types.has(f.type))
        .map(([name]) => name);
    const ordered = [...SYSTEM_ORDERED, ...of(ORDERED)];
    known = Object.freeze({
      groupBy: of(GROUPABLE),
      sum: of(SUMMABLE),
      avg: of(SUMMABLE),
      min: ordered,
      max: ordered,
    });
    CACHE.set(entity, known);
  }
  return known;
}

/**
 * The aggregate functions, in the order answers list them.
 * @example AGGREGATE_OPS // ['sum', 'min', 'max', 'avg']
 */
export const AGGREGATE_OPS: readonly AggregateOp[] = ['sum', 'min', 'max', 'avg'];
