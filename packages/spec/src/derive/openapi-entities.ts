/**
 * The generated REST API of every entity: list, get, create, update, delete, and one call
 * per transition of its state machine.
 */
import type { App } from '../app/define-app';
import type { EntityNode } from '../app/entity';
import type { Fields } from '../fields/field';
import type { EntityOperation } from '../rules/rule';
import { isWritable, type JsonSchema, type JsonValue } from './json-schema';
import { FILTER_SYNTAX, listParameters } from './openapi-list-params';
import { entitySchemaNames, jsonContent, pascal, transitionInputName } from './openapi-names';
import { jsonBody, operation } from './openapi-operation';
import { accessCodes, baseCodes } from './openapi-responses';
import type { PermissionCell, PermissionMatrix } from './permission-matrix';
import { ruleToText } from './rule-text';

type PathItems = Record<string, Record<string, JsonValue>>;

const ID_PARAMETER: JsonSchema = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The record id.',
  schema: { type: 'string', format: 'uuid' },
};

const IF_MATCH: JsonSchema = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'The version the change is based on; a stale one answers 412 VERSION_MISMATCH.',
  schema: { type: 'integer', minimum: 1 },
};

/**
 * The paths of every entity's REST resource and transitions.
 * @example entityPaths(app, permissionMatrix(app))['/api/entities/tickets']?.get?.operationId // 'listTickets'
 */
export function entityPaths(app: App, matrix: PermissionMatrix): PathItems {
  const paths: PathItems = {};
  for (const [name, entity] of Object.entries(app.entities)) {
    const base = `/api/entities/${name}`;
    paths[base] = { get: list(app, matrix, name, entity), post: create(app, matrix, name, entity) };
    paths[`${base}/{id}`] = {
      parameters: [ID_PARAMETER],
      get: get(app, matrix, name),
      patch: update(app, matrix, name, entity),
      delete: remove(app, matrix, name),
    };
    for (const t of Object.keys(entity.states?.transitions ?? {})) {
      paths[`${base}/{id}/transitions/${t}`] = {
        parameters: [ID_PARAMETER],
        post: transition(app, matrix, name, entity, t),
      };
    }
  }
  return paths;
}

function cells(matrix: PermissionMatrix, entity: string, op: EntityOperation) {
  return Object.fromEntries(matrix.roles.map((r) => [r, matrix.entities[r]?.[entity]?.[op]]));
}

function anonymous(c: { readonly [role: string]: PermissionCell | undefined }): boolean {
  return (c.anonymous?.allowed ?? 'never') !== 'never';
}

function list(app: App, matrix: PermissionMatrix, name: string, entity: EntityNode): JsonSchema {
  const c = cells(matrix, name, 'read');
  return operation(app, {
    operationId: `list${pascal(name)}`,
    summary: `List ${entity.label ?? name}`,
    description: `Records the caller may read; the others are simply absent. ${FILTER_SYNTAX}`,
    tags: [name],
    anonymous: anonymous(c),
    parameters: listParameters(app, entity),
    responses: {
      '200': { description: 'A page of records.', content: jsonContent(entitySchemaNames(name).page) },
    },
    codes: ['MALFORMED_REQUEST', ...accessCodes(c, ['never']), ...baseCodes(app, 'read', false)],
  });
}

function get(app: App, matrix: PermissionMatrix, name: string): JsonSchema {
  const c = cells(matrix, name, 'read');
  return operation(app, {
    operationId: `get${pascal(name)}`,
    summary: 'Get a record',
    description: 'A record the caller may not read is answered as if it did not exist.',
    tags: [name],
    anonymous: anonymous(c),
    responses: {
      '200': { description: 'The record.', content: jsonContent(entitySchemaNames(name).record) },
    },
    // Unreadable records answer 404, never 403, so their existence does not leak.
    codes: [
      'NOT_FOUND',
      ...accessCodes(c, ['never']).filter((x) => x !== 'FORBIDDEN'),
      ...baseCodes(app, 'read', false),
    ],
  });
}

function create(app: App, matrix: PermissionMatrix, name: string, entity: EntityNode): JsonSchema {
  const c = cells(matrix, name, 'create');
  const quotas = Object.values(app.limits.quotas).filter((q) => q.entity === name);
  return operation(app, {
    operationId: `create${pascal(name)}`,
    summary: `Create a record of ${entity.label ?? name}`,
    tags: [name],
    anonymous: anonymous(c),
    requestBody: jsonBody(entitySchemaNames(name).create),
    responses: {
      '201': { description: 'The created record.', content: jsonContent(entitySchemaNames(name).record) },
    },
    codes: [
      ...accessCodes(c, ['never', 'conditional']),
      ...quotas.map((q) => q.error ?? 'LIMIT_EXCEEDED'),
      ...validationCodes(entity, 'create'),
      ...refCodes(Object.fromEntries(Object.entries(entity.fields).filter(([, f]) => isWritable(f)))),
      ...baseCodes(app, 'write', true),
    ],
  });
}

function update(app: App, matrix: PermissionMatrix, name: string, entity: EntityNode): JsonSchema {
  const c = cells(matrix, name, 'update');
  const mutable = Object.entries(entity.fields).filter(([, f]) => isWritable(f) && !f.immutable);
  return operation(app, {
    operationId: `update${pascal(name)}`,
    summary: 'Update a record',
    description: 'Changes the fields sent. Read-only, immutable and unknown fields are refused.',
    tags: [name],
    anonymous: anonymous(c),
    parameters: [IF_MATCH],
    requestBody: jsonBody(entitySchemaNames(name).update),
    responses: {
      '200': { description: 'The updated record.', content: jsonContent(entitySchemaNames(name).record) },
    },
    codes: [
      'NOT_FOUND',
      'VERSION_MISMATCH',
      ...accessCodes(c, ['never', 'conditional']),
      ...validationCodes(entity, 'update'),
      ...refCodes(Object.fromEntries(mutable)),
      ...baseCodes(app, 'write', true),
    ],
  });
}

function remove(app: App, matrix: PermissionMatrix, name: string): JsonSchema {
  const c = cells(matrix, name, 'delete');
  return operation(app, {
    operationId: `delete${pascal(name)}`,
    summary: 'Delete a record',
    tags: [name],
    anonymous: anonymous(c),
    parameters: [IF_MATCH],
    responses: { '204': { description: 'Deleted.' } },
    codes: [
      'NOT_FOUND',
      'VERSION_MISMATCH',
      ...accessCodes(c, ['never', 'conditional']),
      ...(referrers(app, name).length > 0 ? ['STILL_REFERENCED'] : []),
      ...baseCodes(app, 'write', false),
    ],
  });
}

/**
 * The entities whose references to `target` refuse its delete: a required reference with
 * no `onDelete`, or one that says `restrict` (the rule write-records applies).
 * @example referrers(app, 'notes') // ['links']
 */
export function referrers(app: App, target: string): string[] {
  return Object.entries(app.entities)
    .filter(([, node]) =>
      Object.values(node.fields).some(
        (f) =>
          f.type === 'ref' &&
          f.entity === target &&
          f.onDelete !== 'cascade' &&
          f.onDelete !== 'setNull' &&
          (!f.optional || f.onDelete === 'restrict'),
      ),
    )
    .map(([name]) => name);
}

function transition(
  app: App,
  matrix: PermissionMatrix,
  name: string,
  entity: EntityNode,
  t: string,
): JsonSchema {
  const tr = entity.states!.transitions[t]!;
  const c = Object.fromEntries(matrix.roles.map((r) => [r, matrix.transitions[r]?.[name]?.[t]]));
  const who = Object.entries(tr.who).map(
    ([role, rule]) => `${role}: ${ruleToText(rule, { app, entity: name })}`,
  );
  const hasRequired = Object.values(tr.input).some((f) => !f.optional && f.default === undefined);
  return operation(app, {
    operationId: `${name}Transition${pascal(t)}`,
    summary: `${tr.label} (${tr.from.join(', ')} → ${tr.to})`,
    description: [tr.description, `Who may run it: ${who.join('; ') || 'nobody'}.`].filter(Boolean).join(' '),
    tags: [name],
    anonymous: anonymous(c),
    parameters: [IF_MATCH],
    requestBody: jsonBody(transitionInputName(name, t), hasRequired),
    responses: {
      '200': {
        description: 'The record after the transition.',
        content: jsonContent(entitySchemaNames(name).record),
      },
    },
    codes: [
      'NOT_FOUND',
      'VERSION_MISMATCH',
      'INVALID_TRANSITION',
      ...accessCodes(c, ['never', 'conditional']),
      ...tr.requires.map((p) => p.error),
      ...refCodes(tr.input),
      ...baseCodes(app, 'write', true),
    ],
  });
}

function validationCodes(entity: EntityNode, on: 'create' | 'update'): string[] {
  return entity.validate.filter((v) => v.on.includes(on)).map((v) => v.error);
}

// A reference whose target fails the field's `where` answers the field's own code.
function refCodes(fields: Fields): string[] {
  return Object.values(fields).flatMap((f) => (f.type === 'ref' && f.error ? [f.error] : []));
}
