/**
 * The query routes of one entity in the document: aggregate, export and import. Their
 * parameters come from the same sources the server reads (`aggregateFields`, the list's
 * filters and sorts, the import bounds), so the document cannot promise what is refused.
 */
import type { EntityNode } from '../app/entity';
import { AGGREGATE_MAX_GROUP_BY, AGGREGATE_MAX_GROUPS, aggregateFields } from './aggregate-fields';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './import-limits';
import { entitySchemas, type JsonSchema } from './json-schema';
import { listCapabilities } from './list-capabilities';
import { filterParameters, searchParameter } from './openapi-list-params';
import { entitySchemaNames, jsonContent, pascal, schemaRef } from './openapi-names';
import { type OpenApiContext, operation } from './openapi-operation';

/** Who may call each route, and the codes beyond the route table's, as the entity's routes work them out. */
export interface QueryAccess {
  readonly readAnonymous: boolean;
  readonly readCodes: readonly string[];
  readonly createAnonymous: boolean;
  /** The codes an import answers as a whole (each row's own are in its report). */
  readonly createCodes: readonly string[];
}

function query(name: string, description: string, schema: JsonSchema): JsonSchema {
  return { name, in: 'query', required: false, description, schema };
}

function fieldList(name: string, description: string, fields: readonly string[], max?: number): JsonSchema[] {
  if (fields.length === 0) return [];
  const schema: JsonSchema = {
    type: 'array',
    items: { type: 'string', enum: [...fields] },
    ...(max ? { maxItems: max } : {}),
  };
  return [{ ...query(name, description, schema), style: 'form', explode: false }];
}

/**
 * The operations `aggregateRecords`, `exportRecords` and `importRecords` of one entity.
 * @example queryOperations(ctx, 'tickets', app.entities.tickets!, access).aggregateRecords.operationId // 'aggregateTickets'
 */
export function queryOperations(ctx: OpenApiContext, name: string, entity: EntityNode, access: QueryAccess) {
  const P = pascal(name);
  const label = entity.label ?? name;
  const can = aggregateFields(entity);
  const hidden = 'A field the caller may not read on every record it may read is refused as unknown.';
  const { sorts } = listCapabilities(entity);
  return {
    aggregateRecords: operation(ctx, 'aggregateRecords', {
      operationId: `aggregate${P}`,
      summary: `Group and aggregate ${label}`,
      description: [
        'Over exactly the records the caller may read, narrowed by the list filters.',
        `At most ${AGGREGATE_MAX_GROUPS} groups, sorted by key (null first); more is refused: narrow the filters.`,
        'With no function asked for, each group counts its records.',
        hidden,
      ].join(' '),
      tags: [name],
      anonymous: access.readAnonymous,
      parameters: [
        ...fieldList('groupBy', 'The fields to group by.', can.groupBy, AGGREGATE_MAX_GROUP_BY),
        query('count', 'Count the records of each group (`count` alone, or `count=true`).', {
          type: 'string',
          enum: ['', 'true', 'false'],
        }),
        ...fieldList('sum', 'Fields to sum.', can.sum),
        ...fieldList('avg', 'Fields to average.', can.avg),
        ...fieldList('min', 'Fields whose least value to give.', can.min),
        ...fieldList('max', 'Fields whose greatest value to give.', can.max),
        ...filterParameters(entity),
      ],
      responses: { '200': { description: 'The groups.', content: jsonContent('AggregateAnswer') } },
      codes: access.readCodes,
    }),
    exportRecords: operation(ctx, 'exportRecords', {
      operationId: `export${P}`,
      summary: `Export ${label} as CSV or JSON`,
      description: [
        'Every record the list shows the caller, with the fields it shows, streamed.',
        'CSV (RFC 4180): a header of field names; a field hidden on one record is an empty cell;',
        "a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`.",
      ].join(' '),
      tags: [name],
      anonymous: access.readAnonymous,
      parameters: [
        query('format', 'The file format.', { type: 'string', enum: ['csv', 'json'], default: 'csv' }),
        query('sort', 'A field to sort by, descending when it starts with `-`.', {
          type: 'string',
          enum: sorts.flatMap((s) => [s, `-${s}`]),
        }),
        ...searchParameter(entity),
        ...filterParameters(entity),
      ],
      responses: {
        '200': {
          description: 'The file, as an attachment named after the entity.',
          headers: {
            'Content-Disposition': {
              description: `\`attachment; filename="${name}.csv"\` (or \`.json\`).`,
              schema: { type: 'string' },
            },
          },
          content: {
            'text/csv': { schema: { type: 'string' } },
            'application/json': {
              schema: { type: 'array', items: schemaRef(entitySchemaNames(name).record) },
            },
          },
        },
      },
      codes: access.readCodes,
    }),
    importRecords: operation(ctx, 'importRecords', {
      operationId: `import${P}`,
      summary: `Import ${label} from CSV or JSON`,
      description: [
        'Each row is created exactly as `POST` would create it, as the caller.',
        '`mode=all` (the default) writes nothing unless every row passes; `mode=each` writes every row that passes.',
        `At most ${IMPORT_MAX_ROWS} rows and ${IMPORT_MAX_BYTES} bytes.`,
        'With `Accept: application/x-ndjson` the answer streams `{"progress":{"done":n,"total":m}}` lines, then `{"report":…}`.',
      ].join(' '),
      tags: [name],
      anonymous: access.createAnonymous,
      parameters: [
        query('mode', 'What a failing row does to the others.', {
          type: 'string',
          enum: ['all', 'each'],
          default: 'all',
        }),
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { type: 'array', maxItems: IMPORT_MAX_ROWS, items: entitySchemas(entity).create },
          },
          'text/csv': {
            schema: { type: 'string', description: 'A header row of field names, then one record a row.' },
          },
        },
      },
      responses: {
        '200': {
          description: 'The report by row.',
          content: {
            ...jsonContent('ImportReport'),
            'application/x-ndjson': { schema: { type: 'string' } },
          },
        },
      },
      codes: [...access.createCodes, 'PAYLOAD_TOO_LARGE'],
    }),
  };
}
