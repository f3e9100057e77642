/**
 * An audit entry's changes in words: per field, its label and the value before and after,
 * the bookkeeping fields left out; a create lists what it set.
 */
import { type EntityMeta, humanize } from '@ninefold/spec';

export interface ChangeLine {
  readonly field: string;
  readonly label: string;
  /** Undefined for a create: there was nothing before. */
  readonly before: string | undefined;
  readonly after: string;
}

const HIDDEN = new Set(['id', 'createdAt', 'updatedAt', 'version']);
const LONG = 60;

/**
 * A stored value as short text; `ref` reads a reference (a user's name) when it can.
 * @example valueText(undefined, 'a'.repeat(80)) // 'aaaa…' (60 characters)
 */
export function valueText(
  entity: EntityMeta | undefined,
  field: string,
  value: unknown,
  ref: (entity: string, id: string) => string | undefined = () => undefined,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const node = entity?.fields[field];
  if (node?.type === 'state' && entity?.states)
    return entity.states.states[String(value)]?.label ?? String(value);
  if (node?.type === 'enum') return humanize(String(value));
  if (node?.type === 'boolean') return value ? 'yes' : 'no';
  if (node?.type === 'ref') return ref(node.entity, String(value)) ?? `#${String(value).slice(-6)}`;
  const text = Array.isArray(value)
    ? value.map(String).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return text.length > LONG ? `${text.slice(0, LONG - 1)}…` : text;
}

/**
 * @example changeLines(meta.entities.users, 'update', { role: ['customer', 'agent'] })
 * // [{ field: 'role', label: 'Role', before: 'Customer', after: 'Agent' }]
 */
export function changeLines(
  entity: EntityMeta | undefined,
  operation: string,
  changes: Readonly<Record<string, readonly [unknown, unknown]>>,
  ref?: (entity: string, id: string) => string | undefined,
): ChangeLine[] {
  // The state change is told on its own; repeating it as a field change says it twice.
  const stateField = entity?.states?.field;
  return Object.entries(changes)
    .filter(([field]) => !HIDDEN.has(field) && field !== stateField)
    .map(([field, [before, after]]) => ({
      field,
      label: entity?.fields[field]?.label ?? humanize(field),
      before: operation === 'create' ? undefined : valueText(entity, field, before, ref),
      after: valueText(entity, field, after, ref),
    }));
}
