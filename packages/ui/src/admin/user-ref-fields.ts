/**
 * The references an admin sets on people from the users list: the app's own `users` fields
 * that point at another entity (a member's region, an employee's department), writable, and
 * open to the admin's role for update.
 */
import type { MetaAnswer } from '@ninefold/spec';
import { humanize } from '@ninefold/spec';

/** One reference column of the users list. */
export interface UserRefField {
  readonly field: string;
  readonly label: string;
  /** The entity it points at. */
  readonly entity: string;
  /** Whether it may be empty. */
  readonly optional: boolean;
}

/**
 * @example userRefFields(meta, 'owner') // [{ field: 'region', label: 'Region', entity: 'regions', optional: true }]
 */
export function userRefFields(meta: MetaAnswer, role: string): UserRefField[] {
  const users = meta.entities.users;
  const update = meta.permissions.entities[role]?.users?.update;
  if (!users || !update || update.allowed === 'never') return [];
  return Object.entries(users.fields).flatMap(([field, f]) =>
    f.type === 'ref' &&
    meta.entities[f.entity] !== undefined &&
    !f.readOnly &&
    !f.immutable &&
    !f.computed &&
    (!update.fields || update.fields.includes(field))
      ? [{ field, label: f.label ?? humanize(field), entity: f.entity, optional: f.optional === true }]
      : [],
  );
}
