/**
 * What the account options of the roles allow, read the same way by the server (which
 * enforces it), the OpenAPI document and the UI (which offers only what will be accepted):
 * the roles a key may act as, the roles people are invited into, the service roles.
 */

/**
 * The role options these read: an app's `roles`, or the meta's.
 * @example const roles: AccountRoles = app.roles; // or useMeta().roles
 */
export type AccountRoles = {
  readonly [name: string]:
    | {
        readonly service?: boolean;
        readonly apiKeys?: false | { readonly roles?: readonly string[] };
      }
    | undefined;
};

/**
 * The roles a key of an account of `role` may act as: its own first, then the narrower ones
 * its `apiKeys.roles` names; none where the role has `apiKeys: false` or is unknown.
 * @example keyRoles({ agent: { apiKeys: { roles: ['reporter'] } }, reporter: {} }, 'agent') // ['agent', 'reporter']
 * @example keyRoles({ robot: { apiKeys: false } }, 'robot') // []
 */
export function keyRoles(roles: AccountRoles, role: string): string[] {
  const own = Object.hasOwn(roles, role) ? roles[role] : undefined;
  if (!own || own.apiKeys === false) return [];
  return [role, ...(own.apiKeys?.roles ?? []).filter((r) => r !== role)];
}

/**
 * The roles an invitation may name: every role but a service role (its accounts never sign
 * in, so nobody could accept).
 * @example invitableRoles({ member: {}, robot: { service: true } }) // ['member']
 */
export function invitableRoles(roles: AccountRoles): string[] {
  return Object.keys(roles).filter((r) => roles[r]?.service !== true);
}

/**
 * The service roles: integrations, not people, whose accounts an admin makes and gives keys.
 * @example serviceRoles({ member: {}, robot: { service: true } }) // ['robot']
 */
export function serviceRoles(roles: AccountRoles): string[] {
  return Object.keys(roles).filter((r) => roles[r]?.service === true);
}
