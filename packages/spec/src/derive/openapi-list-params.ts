/**
 * The query parameters of a list call: paging, sorting, and one parameter per filterable
 * field and operator.
 */
import type { App } from '../app/define-app';
import type { EntityNode } from '../app/entity';
import type { FilterableField, FilterOperator } from './filter-operators';
import type { JsonSchema } from './json-schema';
import { CONTAINS_WINDOW, listCapabilities } from './list-capabilities';

/** How the list filters read, for the list operation's description. */
export const FILTER_SYNTAX = [
  'Filters: `?field=value` keeps records whose field equals the value;',
  '`?field[op]=value` applies an operator: `ne`, `lt`, `lte`, `gt`, `gte` (numbers and timestamps),',
  '`in` (a comma-separated list, e.g. `?priority[in]=high,urgent`) and `contains`',
  '(a case-insensitive substring of a text field, e.g. `?subject[contains]=login`).',
  `A \`contains\` page examines at most ${CONTAINS_WINDOW} records in the list's order: it may hold`,
  'fewer records than `limit`, even none, and still answer a `nextCursor` to search on from.',
  'Several filters all apply. Sort with `sort=field` (ascending) or `sort=-field` (descending),',
  'on the fields the `sort` parameter lists (each served by an index);',
  'page with `limit` and the `cursor` a previous page answered as `nextCursor`.',
].join(' ');

const OPERATOR_WORDS: Record<FilterOperator, string> = {
  eq: 'equals',
  ne: 'differs from',
  lt: 'is less than (before)',
  lte: 'is at most (at or before)',
  gt: 'is more than (after)',
  gte: 'is at least (at or after)',
  in: 'is one of (comma-separated)',
  contains: 'contains, ignoring case,',
};

/**
 * The query parameters of `GET /api/entities/{entity}`.
 * @example listParameters(app, app.entities.tickets!).map((p) => p.name) // ['limit', 'cursor', 'sort', 'id', …, 'priority[in]', …]
 */
export function listParameters(app: App, entity: EntityNode): JsonSchema[] {
  const { sorts } = listCapabilities(entity);
  const { pageSize } = app.limits;
  const sortable = sorts.flatMap((name) => [name, `-${name}`]);
  return [
    // The server reads a larger limit as its maximum rather than refusing it: say so, not `maximum`.
    query(
      'limit',
      `How many records a page holds at most; more than ${pageSize.max} is read as ${pageSize.max}.`,
      {
        type: 'integer',
        minimum: 1,
        default: pageSize.default,
      },
    ),
    query('cursor', 'The `nextCursor` of the previous page.', { type: 'string' }),
    query('sort', 'A field to sort by, descending when it starts with `-`.', {
      type: 'string',
      enum: sortable,
    }),
    query('count', 'With `true`, the page adds `total`: how many records match that the caller may read.', {
      type: 'boolean',
    }),
    ...expandParameter(entity),
    ...searchParameter(entity),
    ...filterParameters(entity),
  ];
}

/**
 * One parameter per filterable field and operator: what a list, an aggregate and an export
 * all take.
 * @example filterParameters(app.entities.tickets!).map((p) => p.name) // ['id', 'id[ne]', …]
 */
export function filterParameters(entity: EntityNode): JsonSchema[] {
  return listCapabilities(entity).filters.flatMap((f) => f.operators.map((op) => filterParameter(f, op)));
}

/**
 * `search`, on an entity that declares the fields full-text search covers.
 * @example searchParameter(app.entities.tickets!)[0]?.name // 'search'
 */
export function searchParameter(entity: EntityNode): JsonSchema[] {
  if (!entity.search || entity.search.length === 0) return [];
  return [
    query(
      'search',
      `Full-text search over ${entity.search.map((f) => `\`${f}\``).join(', ')}, ranked, under the read rules.`,
      { type: 'string', minLength: 1 },
    ),
  ];
}

function expandParameter(entity: EntityNode): JsonSchema[] {
  const refs = Object.entries(entity.fields)
    .filter(([, f]) => f.type === 'ref')
    .map(([name]) => name);
  if (refs.length === 0) return [];
  return [
    {
      ...query(
        'expand',
        'Reference fields whose records each item carries under `$expand` (null where the caller may not read it).',
        { type: 'array', items: { type: 'string', enum: refs } },
      ),
      style: 'form',
      explode: false,
    },
  ];
}

function filterParameter(f: FilterableField, op: FilterOperator): JsonSchema {
  const name = op === 'eq' ? f.name : `${f.name}[${op}]`;
  const description = `Keeps records whose \`${f.name}\` ${OPERATOR_WORDS[op]} the value.`;
  if (op === 'in') {
    return {
      ...query(name, description, { type: 'array', items: valueSchema(f) }),
      style: 'form',
      explode: false,
    };
  }
  return query(name, description, op === 'contains' ? { type: 'string', minLength: 1 } : valueSchema(f));
}

function valueSchema(f: FilterableField): JsonSchema {
  switch (f.type) {
    case 'integer':
    case 'number':
    case 'boolean':
      return { type: f.type };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'ref':
      return { type: 'string', format: 'uuid' };
    default:
      return f.values ? { type: 'string', enum: [...f.values] } : { type: 'string' };
  }
}

function query(name: string, description: string, schema: JsonSchema): JsonSchema {
  return { name, in: 'query', required: false, description, schema };
}
