/**
 * Which fields only the server writes: a write that names one is refused, never dropped.
 */
import { type Field, isFileField, SYSTEM_FIELDS } from '../fields/field';

const SYSTEM: ReadonlySet<string> = new Set(SYSTEM_FIELDS);

/**
 * True when the field is set by the server alone: read-only, computed, a state field (which
 * only transitions move), or a file field (which only uploads fill).
 * @example isServerSet(app.entities.tickets.fields.status) // true
 */
export function isServerSet(field: Field): boolean {
  return (
    field.readOnly === true || field.computed !== undefined || field.type === 'state' || isFileField(field)
  );
}

/**
 * True for the fields every record carries: `id`, `createdAt`, `updatedAt`, `version`.
 * @example isSystemField('version') // true
 */
export function isSystemField(name: string): boolean {
  return SYSTEM.has(name);
}
