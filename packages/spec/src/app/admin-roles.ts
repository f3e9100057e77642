/**
 * Who administers an app: the roles its spec marks `admin: true`. One definition for the
 * server's admin-only routes, the last-admin guard, the CLI and the UI's admin console; it
 * reads an app and its `/api/meta` alike, since both carry the roles.
 */

/** The part of an app (or of its meta) that says which roles administer it. */
export interface RolesOf {
  // Any role shape: an app's RoleInput and the meta's role both carry `admin?: boolean`.
  readonly roles: { readonly [name: string]: object | undefined };
}

/**
 * Whether `role` administers the app.
 * @example isAdminRole(app, req.caller.role) // true for 'admin' in the helpdesk
 */
export function isAdminRole(spec: RolesOf, role: string | undefined): boolean {
  if (role === undefined || !Object.hasOwn(spec.roles, role)) return false;
  return (spec.roles[role] as { readonly admin?: unknown } | undefined)?.admin === true;
}

/**
 * The roles that administer the app, in the spec's order.
 * @example adminRoles(app) // ['admin']
 */
export function adminRoles(spec: RolesOf): string[] {
  return Object.keys(spec.roles).filter((role) => isAdminRole(spec, role));
}
