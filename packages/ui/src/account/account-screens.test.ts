import type { ScreenInput } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { screenVisible } from '../screens/screen-entries';
import { ACCOUNT_ROUTES, accountScreens } from './account-screens';

const meta = {
  roles: { member: { label: 'Member', signUp: true }, owner: { label: 'Owner', admin: true } },
  screens: { home: { route: '/', kind: 'dashboard', title: 'Home' } } as {
    readonly [name: string]: ScreenInput;
  },
};

describe('the account screens the UI adds', () => {
  it('puts every mailed link and the account page on its route, out of the navigation', () => {
    const screens = accountScreens(meta);
    expect(Object.values(screens).map((s) => s.route)).toEqual(Object.values(ACCOUNT_ROUTES));
    expect(Object.values(screens).every((s) => s.kind === 'custom' && s.nav === false)).toBe(true);
  });

  it.each([
    ['forgotPassword', 'anonymous', true],
    ['resetPassword', 'member', true],
    ['acceptInvite', 'anonymous', true],
    ['verifyEmail', 'owner', true],
    ['account', 'member', true],
    ['account', 'anonymous', false],
  ])('opens %s for %s: %s', (name, role, seen) => {
    const screen = accountScreens(meta)[name];
    expect(screen && screenVisible(screen, role)).toBe(seen);
  });

  it('leaves a name or route the app uses to the app', () => {
    const own: ScreenInput = { route: '/account', kind: 'custom', title: 'Me', component: 'Mine' };
    expect(accountScreens(meta, { me: own }).account).toBeUndefined();
    expect(accountScreens({ ...meta, screens: { verifyEmail: own } }).verifyEmail).toBeUndefined();
    expect(accountScreens(meta).forgotPassword).toBeDefined();
  });
});
