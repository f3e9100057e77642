/**
 * Lookups over an app that many checks share: role names, an entity's fields with the
 * system ones, what a reference field points at, and which fields a write may name.
 */
import { ANONYMOUS, type App } from '../app/define-app';
import type { EntityNode } from '../app/entity';
import { type Field, type Fields, f, SYSTEM_FIELDS } from '../fields/field';

/** The system fields as field nodes, so rules and filters on them check like any other. */
const SYSTEM_FIELD_NODES: Fields = {
  id: f.text(),
  createdAt: f.datetime(),
  updatedAt: f.datetime(),
  version: f.integer(),
};

/**
 * The declared roles plus the `anonymous` pseudo-role.
 * @example roleNames(app) // ['customer', 'agent', 'admin', 'anonymous']
 */
export function roleNames(app: App): string[] {
  return [...Object.keys(app.roles), ANONYMOUS];
}

/**
 * Every field a rule, filter or grant may name on an entity: its own and the system ones.
 * @example fieldNames(app.entities.tickets!) // ['subject', …, 'status', 'id', 'createdAt', …]
 */
export function fieldNames(entity: EntityNode): string[] {
  return [...new Set([...Object.keys(entity.fields), ...SYSTEM_FIELDS])];
}

/**
 * A field of an entity by name, system fields included.
 * @example fieldOf(app.entities.tickets!, 'createdAt')?.type // 'datetime'
 */
export function fieldOf(entity: EntityNode, name: string): Field | undefined {
  return Object.hasOwn(entity.fields, name) ? entity.fields[name] : SYSTEM_FIELD_NODES[name];
}

/**
 * The entity a reference field points at, when the field is a reference to a declared entity.
 * @example refTarget(app, 'comments', 'ticket') // 'tickets'
 */
export function refTarget(app: App, entity: string, name: string): string | undefined {
  const e = app.entities[entity];
  const field = e ? fieldOf(e, name) : undefined;
  return field?.type === 'ref' && Object.hasOwn(app.entities, field.entity) ? field.entity : undefined;
}

/**
 * Why a write can never set the field, or undefined when it can.
 * @example whyNotWritable(app.entities.tickets!, 'status') // 'read-only'
 */
export function whyNotWritable(entity: EntityNode, name: string): string | undefined {
  if ((SYSTEM_FIELDS as readonly string[]).includes(name)) return 'a system field';
  const field = entity.fields[name];
  if (field?.computed) return 'computed';
  if (field?.readOnly) return 'read-only';
  return undefined;
}
