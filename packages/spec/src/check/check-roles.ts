/**
 * Roles: at least one administers the app, none both signs itself up and administers, and
 * every place that names a role names one the app declares (or `anonymous`).
 */
import { ANONYMOUS } from '../app/define-app';
import { roleNames } from './app-lookup';
import type { CheckContext } from './check-context';
import { notA } from './describe-names';

/**
 * Checks a role name used somewhere in the spec.
 * @example checkRoleRef(ctx, 'custmer', 'screens.home.roles[0]') // reports "'custmer' is not a role …"
 */
export function checkRoleRef(ctx: CheckContext, role: string, path: string): void {
  const roles = roleNames(ctx.app);
  if (!roles.includes(role)) ctx.report(path, notA(role, 'a role of the app', roles, 'roles'));
}

/**
 * Checks the role declarations and the audience of `about`.
 * @example checkRoles(ctx) // reports 'no role has admin: true …' when none administers
 */
export function checkRoles(ctx: CheckContext): void {
  const { roles, about } = ctx.app;
  if (Object.hasOwn(roles, ANONYMOUS)) {
    ctx.report(
      `roles.${ANONYMOUS}`,
      `'${ANONYMOUS}' is the pseudo-role of signed-out callers; it cannot be declared`,
    );
  }
  if (!Object.values(roles).some((r) => r.admin)) {
    ctx.report('roles', 'no role has admin: true, so nobody can run the admin console or manage users');
  }
  for (const [name, role] of Object.entries(roles)) {
    if (role.signUp && role.admin) {
      ctx.report(
        `roles.${name}`,
        `role '${name}' is an admin role that allows sign-up, so anyone could make themselves an admin`,
      );
    }
  }
  if (typeof about.audience === 'object') {
    for (const role of Object.keys(about.audience)) checkRoleRef(ctx, role, `about.audience.${role}`);
  }
}
