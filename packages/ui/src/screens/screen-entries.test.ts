import app from '@ninefold/example-helpdesk';
import { describe, expect, it } from 'vitest';
import { addedScreens } from './app-screens';
import { fillRoute, navEntries, screenEntries, screenRoute, screenVisible } from './screen-entries';

const screens = app.screens;

describe('screen entries', () => {
  it('tries fixed routes before parameter routes', () => {
    const routes = screenEntries(screens).map((e) => e.screen.route);
    expect(routes.indexOf('/tickets/board')).toBeLessThan(routes.indexOf('/tickets/:id'));
    expect(routes.indexOf('/tickets/new')).toBeLessThan(routes.indexOf('/tickets/:id'));
  });

  it('lets an app add screens and replace the spec’s', () => {
    const extra = {
      reports: { route: '/reports', kind: 'custom', title: 'Reports', component: 'Reports' } as const,
    };
    expect(screenEntries(screens, extra).some((e) => e.name === 'reports')).toBe(true);
  });

  it.each([
    ['customer', ['/', '/tickets', '/articles']],
    ['agent', ['/', '/tickets', '/tickets/board', '/articles']],
    ['admin', ['/', '/tickets', '/tickets/board', '/articles', '/admin']],
    ['anonymous', ['/articles']],
  ])('gives %s the navigation %j', (role, routes) => {
    // With the admin console the UI adds for the spec's admin roles.
    expect(navEntries(screens, addedScreens(app, {}), role).map((e) => e.screen.route)).toEqual(routes);
  });

  it('keeps screens to their roles; no roles means every signed-in role', () => {
    expect(screenVisible(screens.board!, 'customer')).toBe(false);
    expect(screenVisible(screens.tickets!, 'customer')).toBe(true);
    expect(screenVisible(screens.tickets!, 'anonymous')).toBe(false);
    expect(screenVisible(screens.articles!, 'anonymous')).toBe(true);
  });

  it('finds the route of a screen for an entity, only for a role that sees it', () => {
    expect(screenRoute(screens, 'agent', 'tickets', 'detail', { id: '42' })).toBe('/tickets/42');
    expect(screenRoute(screens, 'agent', 'tickets', 'form')).toBeUndefined();
    expect(screenRoute(screens, 'customer', 'tickets', 'form')).toBe('/tickets/new');
    expect(fillRoute('/a/:x/:y', { x: 'a b', y: '1' })).toBe('/a/a%20b/1');
  });
});
