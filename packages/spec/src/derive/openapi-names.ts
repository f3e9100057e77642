/**
 * Names in the OpenAPI document: operation ids and component schema names, derived from
 * the spec's names so they stay stable across versions of a document.
 */
import type { JsonSchema } from './json-schema';

/**
 * A name with its first letter upper-cased, the rest kept.
 * @example pascal('assignToMe') // 'AssignToMe'
 */
export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The component schema names of an entity.
 * @example entitySchemaNames('tickets').create // 'TicketsCreate'
 */
export function entitySchemaNames(entity: string) {
  const base = pascal(entity);
  return {
    record: `${base}Record`,
    create: `${base}Create`,
    update: `${base}Update`,
    page: `${base}Page`,
  } as const;
}

/**
 * The component schema name of a transition's input.
 * @example transitionInputName('tickets', 'resolve') // 'TicketsResolveInput'
 */
export function transitionInputName(entity: string, transition: string): string {
  return `${pascal(entity)}${pascal(transition)}Input`;
}

/**
 * The component schema names of an action's input and output.
 * @example actionSchemaNames('assignToMe').input // 'ActionAssignToMeInput'
 */
export function actionSchemaNames(action: string) {
  return { input: `Action${pascal(action)}Input`, output: `Action${pascal(action)}Output` } as const;
}

/**
 * A reference to a component schema.
 * @example schemaRef('Problem') // { $ref: '#/components/schemas/Problem' }
 */
export function schemaRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * A JSON request or response body of a component schema.
 * @example jsonContent('TicketsRecord')
 */
export function jsonContent(name: string): JsonSchema {
  return { 'application/json': { schema: schemaRef(name) } };
}

/**
 * An optional query parameter.
 * @example queryParam('cursor', 'Where the page starts.', { type: 'string' })
 */
export function queryParam(name: string, description: string, schema: JsonSchema): JsonSchema {
  return { name, in: 'query', required: false, description, schema };
}
