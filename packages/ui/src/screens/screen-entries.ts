/**
 * The screens of the app as routes: the spec's `screens` plus any the app's registry adds,
 * in matching order, with who may see each and which belong in the navigation.
 */
import type { ScreenInput, ScreenKind } from '@ninefold/spec';
import { byRouteSpecificity } from '../router/route-order';

/** A screen with its name. */
export interface ScreenEntry {
  readonly name: string;
  readonly screen: ScreenInput;
}

const NAV_BY_DEFAULT: ReadonlySet<ScreenKind> = new Set(['dashboard', 'list', 'board', 'custom']);

/** Every app can be signed into, even one whose spec names no sign-in screen. */
export const BUILT_IN_SCREENS: { readonly [name: string]: ScreenInput } = {
  login: { route: '/login', kind: 'login', title: 'Sign in', roles: ['anonymous'] },
};

/**
 * The screens, the app's additions over the spec's, most specific route first.
 * @example screenEntries(meta.screens, registry.screens)[0]?.screen.route // '/tickets/board'
 */
export function screenEntries(
  screens: { readonly [name: string]: ScreenInput },
  extra: { readonly [name: string]: ScreenInput } = {},
): ScreenEntry[] {
  return Object.entries({ ...screens, ...extra })
    .map(([name, screen]) => ({ name, screen }))
    .sort((a, b) => byRouteSpecificity(a.screen.route, b.screen.route));
}

/**
 * True when the role sees the screen: the roles it lists, else every signed-in role.
 * @example screenVisible({ route: '/', kind: 'dashboard', title: 'Home' }, 'anonymous') // false
 */
export function screenVisible(screen: ScreenInput, role: string): boolean {
  return screen.roles ? screen.roles.includes(role) : role !== 'anonymous';
}

/**
 * The screens the role finds in the navigation, in the spec's order: those marked `nav`, else
 * dashboards, lists, boards and custom pages, never a route with parameters.
 * @example navEntries(meta.screens, {}, 'customer').map((e) => e.screen.route) // ['/', '/tickets', '/articles']
 */
export function navEntries(
  screens: { readonly [name: string]: ScreenInput },
  extra: { readonly [name: string]: ScreenInput },
  role: string,
): ScreenEntry[] {
  return Object.entries({ ...screens, ...extra })
    .map(([name, screen]) => ({ name, screen }))
    .filter(
      ({ screen }) =>
        (screen.nav ?? NAV_BY_DEFAULT.has(screen.kind)) &&
        !screen.route.includes(':') &&
        screenVisible(screen, role),
    );
}

/**
 * The route of the role's screen of a kind for an entity, with its params filled in; undefined
 * when the role has none (so no link is drawn that would only say "not allowed").
 * @example screenRoute(meta.screens, 'agent', 'tickets', 'detail', { id: '42' }) // '/tickets/42'
 */
export function screenRoute(
  screens: { readonly [name: string]: ScreenInput },
  role: string,
  entity: string,
  kind: ScreenKind,
  params: { readonly [name: string]: string } = {},
): string | undefined {
  const found = Object.values(screens).find(
    (s) => s.kind === kind && s.entity === entity && screenVisible(s, role),
  );
  return found ? fillRoute(found.route, params) : undefined;
}

/**
 * A route pattern with its `:params` filled in (encoded).
 * @example fillRoute('/tickets/:id', { id: 'a b' }) // '/tickets/a%20b'
 */
export function fillRoute(pattern: string, params: { readonly [name: string]: string }): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
