/**
 * The accounts part of the roles: whom a role may be invited by, what an unverified account
 * acts as, which roles an API key may act as, what a service role may not be; and the link
 * lifetimes an app overrides.
 */
import { isAdminRole } from '../app/admin-roles';
import type { RoleInput } from '../app/define-app';
import { ACCOUNT_CONSTANTS } from '../messages/builtin-messages';
import type { CheckContext } from './check-context';
import { notA } from './describe-names';

// Accounts hold declared roles only: `anonymous` is nobody's role.
function checkDeclared(ctx: CheckContext, role: string, path: string): boolean {
  const roles = Object.keys(ctx.app.roles);
  if (roles.includes(role)) return true;
  ctx.report(path, notA(role, 'a role of the app', roles, 'roles'));
  return false;
}

function checkActAs(ctx: CheckContext, name: string, actAs: string, path: string): void {
  if (!checkDeclared(ctx, actAs, path)) return;
  if (actAs === name) {
    ctx.report(
      path,
      `role '${name}' acts as itself while unverified; use verifyEmail: true to refuse its writes`,
    );
  } else if (isAdminRole(ctx.app, actAs)) {
    ctx.report(
      path,
      `role '${name}' acts as admin role '${actAs}' while unverified, so an unproven address would administer the app`,
    );
  } else if (ctx.app.roles[actAs]?.service) {
    ctx.report(
      path,
      `role '${name}' acts as service role '${actAs}' while unverified; a service role is for integrations`,
    );
  }
}

function checkService(ctx: CheckContext, name: string, role: RoleInput, path: string): void {
  const refused: [keyof RoleInput, string][] = [
    ['signUp', 'sign up'],
    ['verifyEmail', 'verify an email'],
    ['admin', 'administer the app'],
  ];
  for (const [option, what] of refused) {
    if (role[option]) {
      ctx.report(
        `${path}.${option}`,
        `role '${name}' is a service role (integrations, no password), so its accounts cannot ${what}`,
      );
    }
  }
  if (role.invitedBy?.length) {
    ctx.report(
      `${path}.invitedBy`,
      `role '${name}' is a service role: nobody is invited into it (an admin gives its accounts API keys)`,
    );
  }
  if (role.apiKeys === false) {
    ctx.report(
      `${path}.apiKeys`,
      `role '${name}' is a service role with apiKeys: false, so its accounts could never act at all`,
    );
  }
}

/**
 * Checks the account options of every role and the account constants.
 * @example checkAccountOptions(ctx) // reports "'leed' is not a role of the app (roles: …) — did you mean 'lead'?"
 */
export function checkAccountOptions(ctx: CheckContext): void {
  const { app } = ctx;
  for (const [name, role] of Object.entries(app.roles)) {
    const path = `roles.${name}`;
    role.invitedBy?.forEach((r, i) => {
      const at = `${path}.invitedBy[${i}]`;
      // Inviting into a role hands it out: only an admin may hand out administering the app.
      if (checkDeclared(ctx, r, at) && isAdminRole(app, name) && !isAdminRole(app, r)) {
        ctx.report(
          at,
          `admin role '${name}' may not be invited into by '${r}', not an admin role: a '${r}' could then make admins`,
        );
      }
    });
    if (typeof role.verifyEmail === 'object') {
      checkActAs(ctx, name, role.verifyEmail.actAs, `${path}.verifyEmail.actAs`);
    }
    if (typeof role.apiKeys === 'object') {
      role.apiKeys.roles?.forEach((r, i) => {
        const at = `${path}.apiKeys.roles[${i}]`;
        // A key acts with less than its owner, never more.
        if (checkDeclared(ctx, r, at) && isAdminRole(app, r) && !isAdminRole(app, name)) {
          ctx.report(
            at,
            `a key of a '${name}' account may not act as admin role '${r}': a key never exceeds its owner`,
          );
        }
      });
    }
    if (role.service) checkService(ctx, name, role, path);
  }
  for (const name of Object.keys(ACCOUNT_CONSTANTS)) {
    const value = app.constants[name]?.value;
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
      ctx.report(
        `constants.${name}`,
        `${name} is how long a link of the account flows works: a whole number above 0, not ${JSON.stringify(value)}`,
      );
    }
  }
}
