/**
 * The generated REST API of every entity, from the route table's entity routes: list, get,
 * create, update, delete, history, and one call per transition of its state machine.
 */
import type { App } from '../app/define-app';
import type { EntityNode } from '../app/entity';
import type { Fields } from '../fields/field';
import type { EntityOperation } from '../rules/rule';
import { isWritable, type JsonSchema } from './json-schema';
import { FILTER_SYNTAX, listParameters } from './openapi-list-params';
import { entitySchemaNames, jsonContent, pascal, transitionInputName } from './openapi-names';
import { bodyRef, type OpenApiContext, operation } from './openapi-operation';
import { queryOperations } from './openapi-query-ops';
import { accessCodes } from './openapi-responses';
import type { PermissionCell } from './permission-matrix';
import { ruleToText } from './rule-text';

/**
 * The `{id}` path parameter of a record route.
 * @example ID_PARAMETER.schema // { type: 'string', format: 'uuid' }
 */
export const ID_PARAMETER: JsonSchema = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The record id.',
  schema: { type: 'string', format: 'uuid' },
};

type Cells = { readonly [role: string]: PermissionCell | undefined };

function cells(ctx: OpenApiContext, entity: string, op: EntityOperation): Cells {
  return Object.fromEntries(ctx.matrix.roles.map((r) => [r, ctx.matrix.entities[r]?.[entity]?.[op]]));
}

function anonymous(c: Cells): boolean {
  return (c.anonymous?.allowed ?? 'never') !== 'never';
}

const recordAnswer = (name: string, description: string) => ({
  description,
  content: jsonContent(entitySchemaNames(name).record),
});

/**
 * The operations of one entity's routes, by route id (transitions apart: `transitionOperation`).
 * @example entityOperations(ctx, 'tickets', app.entities.tickets!).listRecords.operationId // 'listTickets'
 */
export function entityOperations(ctx: OpenApiContext, name: string, entity: EntityNode) {
  const { app } = ctx;
  const P = pascal(name);
  const read = cells(ctx, name, 'read');
  // Unreadable records answer 404, never 403, so their existence does not leak.
  const readCodes = accessCodes(read, ['never']).filter((x) => x !== 'FORBIDDEN');
  const create = cells(ctx, name, 'create');
  const update = cells(ctx, name, 'update');
  const remove = cells(ctx, name, 'delete');
  const writable = Object.fromEntries(Object.entries(entity.fields).filter(([, f]) => isWritable(f)));
  const mutable = Object.fromEntries(Object.entries(writable).filter(([, f]) => !f.immutable));
  const quotas = Object.values(app.limits.quotas).filter((q) => q.entity === name);
  return {
    ...queryOperations(ctx, name, entity, {
      readAnonymous: anonymous(read),
      readCodes: accessCodes(read, ['never']),
      createAnonymous: anonymous(create),
      // A row's own refusals are in the report; the request fails only where no row could pass.
      createCodes: accessCodes(create, ['never']),
    }),
    listRecords: operation(ctx, 'listRecords', {
      operationId: `list${P}`,
      summary: `List ${entity.label ?? name}`,
      description: `Records the caller may read; the others are simply absent. ${FILTER_SYNTAX}`,
      tags: [name],
      anonymous: anonymous(read),
      parameters: listParameters(app, entity),
      responses: {
        '200': { description: 'A page of records.', content: jsonContent(entitySchemaNames(name).page) },
      },
      codes: accessCodes(read, ['never']),
    }),
    createRecord: operation(ctx, 'createRecord', {
      operationId: `create${P}`,
      summary: `Create a record of ${entity.label ?? name}`,
      description:
        'Fields the caller may not write are refused as read-only; omitted fields take their default.',
      tags: [name],
      anonymous: anonymous(create),
      requestBody: bodyRef(entitySchemaNames(name).create),
      responses: { '201': recordAnswer(name, 'The created record.') },
      codes: [
        ...accessCodes(create, ['never', 'conditional']),
        ...quotas.map((q) => q.error ?? 'LIMIT_EXCEEDED'),
        ...validationCodes(entity, 'create'),
        ...refCodes(writable),
      ],
    }),
    getRecord: operation(ctx, 'getRecord', {
      operationId: `get${P}`,
      description: 'A record the caller may not read is answered as if it did not exist.',
      tags: [name],
      anonymous: anonymous(read),
      responses: { '200': recordAnswer(name, 'The record, with `$can`.') },
      codes: readCodes,
    }),
    updateRecord: operation(ctx, 'updateRecord', {
      operationId: `update${P}`,
      description: 'Changes the fields sent. Read-only, immutable and unknown fields are refused.',
      tags: [name],
      anonymous: anonymous(update),
      requestBody: bodyRef(entitySchemaNames(name).update),
      responses: { '200': recordAnswer(name, 'The updated record.') },
      codes: [
        ...accessCodes(update, ['never', 'conditional']),
        ...validationCodes(entity, 'update'),
        ...refCodes(mutable),
      ],
    }),
    deleteRecord: operation(ctx, 'deleteRecord', {
      operationId: `delete${P}`,
      tags: [name],
      anonymous: anonymous(remove),
      responses: { '204': { description: 'Deleted.' } },
      codes: [
        ...accessCodes(remove, ['never', 'conditional']),
        ...(referrers(app, name).length > 0 ? ['STILL_REFERENCED'] : []),
        // An account cannot delete itself, nor the last active admin (VALIDATION_FAILED).
        ...(name === 'users' ? ['VALIDATION_FAILED'] : []),
      ],
    }),
    getHistory: operation(ctx, 'getHistory', {
      operationId: `history${P}`,
      description:
        "The record's changes, oldest first, each cut to the fields the caller may read; a change of hidden fields alone is left out.",
      tags: [name],
      anonymous: anonymous(read),
      responses: { '200': { description: 'The history.', content: jsonContent('History') } },
      codes: readCodes,
    }),
  };
}

/**
 * The operation of one transition of an entity.
 * @example transitionOperation(ctx, 'tickets', app.entities.tickets!, 'resolve').operationId // 'ticketsTransitionResolve'
 */
export function transitionOperation(
  ctx: OpenApiContext,
  name: string,
  entity: EntityNode,
  t: string,
): JsonSchema {
  const { app, matrix } = ctx;
  const tr = entity.states!.transitions[t]!;
  const c = Object.fromEntries(matrix.roles.map((r) => [r, matrix.transitions[r]?.[name]?.[t]]));
  const who = Object.entries(tr.who).map(
    ([role, rule]) => `${role}: ${ruleToText(rule, { app, entity: name })}`,
  );
  return operation(ctx, 'runTransition', {
    operationId: `${name}Transition${pascal(t)}`,
    summary: `${tr.label} (${tr.from.join(', ')} → ${tr.to})`,
    description: [tr.description, `Who may run it: ${who.join('; ') || 'nobody'}.`].filter(Boolean).join(' '),
    tags: [name],
    anonymous: anonymous(c),
    requestBody: bodyRef(transitionInputName(name, t)),
    responses: { '200': recordAnswer(name, 'The record after the transition.') },
    codes: [
      ...accessCodes(c, ['never', 'conditional']),
      ...tr.requires.map((p) => p.error),
      ...refCodes(tr.input),
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

function validationCodes(entity: EntityNode, on: 'create' | 'update'): string[] {
  return entity.validate.filter((v) => v.on.includes(on)).map((v) => v.error);
}

// A reference whose target fails the field's `where` answers the field's own code.
function refCodes(fields: Fields): string[] {
  return Object.values(fields).flatMap((f) => (f.type === 'ref' && f.error ? [f.error] : []));
}
