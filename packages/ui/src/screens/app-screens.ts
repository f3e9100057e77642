/**
 * The screens the UI adds beside the spec's: the app's own (its registry's `screens`) and the
 * admin console at `/admin`, for the roles the spec marks `admin: true` — the same notion the
 * server uses to let a role administer — unless the app declares its own console screen, uses
 * `/admin` for something else, or opts out (`defineUi({ adminConsole: false })`).
 */

import type { MetaAnswer } from '@ninefold/client';
import type { ScreenInput } from '@ninefold/spec';
import { adminRoles } from '@ninefold/spec';
import { accountScreens } from '../account/account-screens';
import type { UiRegistry } from '../registry/ui-registry';

/**
 * The name of the admin console in the registry's `components`.
 * @example defineUi({ components: { [ADMIN_CONSOLE]: MyConsole } })
 */
export const ADMIN_CONSOLE = 'AdminConsole';

/** The screen name and route of the console the UI adds. */
const NAME = 'admin';
const ROUTE = '/admin';

type Screens = { readonly [name: string]: ScreenInput };

/**
 * The admin console's screen the UI adds, or undefined when it adds none: the app opted out,
 * already has a console screen (or another screen named `admin` or at `/admin`), or no role
 * administers.
 * @example adminConsoleScreen(meta, {})?.roles // ['admin']
 */
export function adminConsoleScreen(
  meta: Pick<MetaAnswer, 'roles' | 'screens'>,
  registry: Pick<UiRegistry, 'adminConsole' | 'screens'>,
): ScreenInput | undefined {
  if (registry.adminConsole === false) return undefined;
  const roles = adminRoles(meta);
  if (roles.length === 0) return undefined;
  const all: Screens = { ...meta.screens, ...registry.screens };
  const taken =
    Object.hasOwn(all, NAME) ||
    Object.values(all).some(
      (s) => s.route === ROUTE || (s.kind === 'custom' && s.component === ADMIN_CONSOLE),
    );
  if (taken) return undefined;
  return { route: ROUTE, kind: 'custom', title: 'Admin', component: ADMIN_CONSOLE, roles };
}

/**
 * The screens the UI adds to the spec's: the app's own, the admin console, then the account
 * screens (password reset, the mailed links, the account page) the app has not taken.
 * @example Object.keys(addedScreens(meta, { screens: { reports } })) // ['reports', 'admin', 'forgotPassword', …]
 */
export function addedScreens(
  meta: Pick<MetaAnswer, 'roles' | 'screens'>,
  registry: Pick<UiRegistry, 'adminConsole' | 'screens'>,
): Screens {
  const admin = adminConsoleScreen(meta, registry);
  const own: Screens = admin ? { ...registry.screens, [NAME]: admin } : { ...registry.screens };
  return { ...own, ...accountScreens(meta, own) };
}
