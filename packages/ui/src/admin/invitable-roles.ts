/**
 * The roles an admin can invite people into (every role but service accounts', which are not
 * people) and the roles of service accounts.
 */

type Roles = { readonly [name: string]: { readonly service?: boolean; readonly [option: string]: unknown } };

/**
 * @example invitableRoles({ member: {}, robot: { service: true } }) // ['member']
 */
export function invitableRoles(roles: Roles): string[] {
  return Object.keys(roles).filter((r) => roles[r]?.service !== true);
}

/**
 * @example serviceRoles({ member: {}, robot: { service: true } }) // ['robot']
 */
export function serviceRoles(roles: Roles): string[] {
  return Object.keys(roles).filter((r) => roles[r]?.service === true);
}
