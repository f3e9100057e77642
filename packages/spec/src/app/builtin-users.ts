/**
 * The built-in `users` entity. An app may declare `users` too, to add fields and set who
 * may read and write them; the built-in fields always come first and cannot be replaced.
 */
import type { Fields, SystemField } from '../fields/field';
import { f } from '../fields/field';
import { callerIs } from '../rules/rule';
import { type EntityDef, type EntityInput, entity } from './entity';

/** The built-in fields of `users`, with `role` over the app's roles. */
export function builtinUserFields<R extends string>(roles: readonly R[]) {
  return {
    email: f.email({ max: 254, unique: true, immutable: true, label: 'Email' }),
    name: f.text({ min: 1, max: 80, label: 'Name' }),
    role: f.enum(roles, { label: 'Role', index: true }),
    disabled: f.boolean({ default: false, label: 'Disabled' }),
    // Set by the platform alone: an invitation accepted, a verification link followed.
    emailVerified: f.boolean({ default: false, readOnly: true, label: 'Email verified' }),
  } as const;
}
export type BuiltinUserFields<R extends string> = ReturnType<typeof builtinUserFields<R>>;

/** `users` as the app sees it: the built-in fields merged with the app's own. */
export function usersEntity(
  roles: readonly string[],
  adminRoles: readonly string[],
  declared: EntityDef | undefined,
): EntityDef {
  const builtin = builtinUserFields(roles);
  // Admin roles keep their default of full access; everyone else reads only themselves.
  const nonAdmin = roles.filter((r) => !adminRoles.includes(r));
  if (!declared) {
    return entity({
      title: 'name',
      fields: builtin,
      access: { read: Object.fromEntries(nonAdmin.map((r) => [r, callerIs('id')])) },
    }) as EntityDef;
  }
  const fields: Fields = { ...builtin, ...declared.fields, ...builtin };
  return Object.freeze({ ...declared, title: declared.title ?? 'name', fields }) as EntityDef;
}

/** The names of the built-in user fields. */
export type BuiltinUserFieldName = keyof BuiltinUserFields<string> & string;

/**
 * Declares the app's own part of `users`: extra fields, access and rules, which may name the
 * built-in fields (`email`, `name`, `role`, `disabled`, `emailVerified`) as well as the declared ones.
 * @example
 * const people = users({
 *   fields: { team: f.ref('teams', { optional: true }) },
 *   access: { read: { customer: callerIs('id'), agent: true } },
 * });
 */
export function users<const F extends Fields>(
  def: EntityInput<F, never, never, {}, NoInfer<(keyof F & string) | BuiltinUserFieldName | SystemField>>,
): EntityDef<F, {}> {
  return entity(def as EntityInput<F, never, never, {}, string>) as unknown as EntityDef<F, {}>;
}
