/**
 * Where a notification's mail points: the UI's detail screen of the record it opens
 * (`/tickets/<id>`), or the app's home. It is queued as a path and made absolute when the
 * mail is sent, where the app's URL is known (`rootedLink`, used by the mail's link resolver).
 */
import type { App } from '@ninefold/spec';

/**
 * The UI path that shows `link` to a person of `role`: the route of a detail screen of its
 * entity they may see, with its id; `/` when there is none.
 * @example uiPath(app, 'customer', { entity: 'tickets', id }) // '/tickets/0191…'
 */
export function uiPath(app: App, role: string, link: { entity: string; id: string } | null): string {
  if (!link) return '/';
  for (const screen of Object.values(app.screens)) {
    if (screen.kind !== 'detail' || screen.entity !== link.entity || !screen.route.includes(':id')) continue;
    if (screen.roles && !screen.roles.includes(role)) continue;
    return screen.route.replace(':id', encodeURIComponent(link.id));
  }
  return '/';
}

/**
 * Params with a `link` queued as a path (`/tickets/…`) made absolute on `appUrl`; others as they are.
 * @example rootedLink({ link: '/tickets/1' }, 'https://desk.example') // { link: 'https://desk.example/tickets/1' }
 */
export function rootedLink<P extends Readonly<Record<string, string | number>>>(
  params: P,
  appUrl: string,
): P {
  const link = params.link;
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return params;
  return { ...params, link: `${appUrl.replace(/\/+$/, '')}${link}` };
}
