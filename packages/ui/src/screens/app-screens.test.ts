import type { ScreenInput } from '@ninefold/spec';
import { adminRoles } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { addedScreens, adminConsoleScreen } from './app-screens';
import { navEntries } from './screen-entries';

// A spec of its own, as the meta gives it: two admin roles, one that is not.
const meta = {
  roles: {
    member: { label: 'Member', signUp: true },
    owner: { label: 'Owner', admin: true },
    support: { label: 'Support', admin: true },
  },
  screens: {
    home: { route: '/', kind: 'dashboard', title: 'Home' },
  } as { readonly [name: string]: ScreenInput },
};

describe('the admin console the UI adds', () => {
  it('is for the roles the spec marks admin, as the server decides', () => {
    expect(adminRoles(meta)).toEqual(['owner', 'support']);
    expect(adminConsoleScreen(meta, {})).toEqual({
      route: '/admin',
      kind: 'custom',
      title: 'Admin',
      component: 'AdminConsole',
      roles: ['owner', 'support'],
    });
  });

  it('is in the navigation of those roles only, after the app’s own screens', () => {
    const reports: ScreenInput = {
      route: '/reports',
      kind: 'custom',
      title: 'Reports',
      component: 'Reports',
    };
    const added = addedScreens(meta, { screens: { reports } });
    const nav = (role: string) => navEntries(meta.screens, added, role).map((e) => e.screen.route);
    expect(nav('owner')).toEqual(['/', '/reports', '/admin']);
    expect(nav('member')).toEqual(['/', '/reports']);
    expect(nav('anonymous')).toEqual([]);
  });

  it('is left out when the app opts out', () => {
    expect(adminConsoleScreen(meta, { adminConsole: false })).toBeUndefined();
    expect(Object.keys(addedScreens(meta, { adminConsole: false })).includes('admin')).toBe(false);
  });

  it.each<[string, { readonly [name: string]: ScreenInput }]>([
    [
      'declares its own console',
      { console: { route: '/settings', kind: 'custom', title: 'Settings', component: 'AdminConsole' } },
    ],
    [
      'uses /admin for a page of its own',
      { backOffice: { route: '/admin', kind: 'custom', title: 'Back office', component: 'Office' } },
    ],
    ['has a screen named admin', { admin: { route: '/manage', kind: 'dashboard', title: 'Manage' } }],
  ])('is left out when the spec %s', (_, screens) => {
    expect(adminConsoleScreen({ ...meta, screens: { ...meta.screens, ...screens } }, {})).toBeUndefined();
    // The same through the app's registry.
    expect(adminConsoleScreen(meta, { screens })).toBeUndefined();
  });

  it('is left out when no role administers', () => {
    expect(adminConsoleScreen({ ...meta, roles: { member: { label: 'Member' } } }, {})).toBeUndefined();
  });
});
