/**
 * The account screens every app gets beside its own: asking for a password reset, following
 * the links the app mails (reset, invitation, email confirmation), and the signed-in person's
 * own account page. Each is a `custom` screen whose component the UI registers (an app can
 * register its own under the same name), left out when the app already uses its name or route.
 */
import type { MetaAnswer } from '@ninefold/client';
import { ACCOUNT_LINK_ROUTES, type ScreenInput } from '@ninefold/spec';

/**
 * The routes the mailed links and the header point at; those of the links are the spec's,
 * which the server writes into the mail.
 * @example <Link to={ACCOUNT_ROUTES.account}>Account</Link>
 */
export const ACCOUNT_ROUTES = {
  forgotPassword: '/forgot-password',
  resetPassword: ACCOUNT_LINK_ROUTES.passwordReset,
  acceptInvite: ACCOUNT_LINK_ROUTES.invitation,
  verifyEmail: ACCOUNT_LINK_ROUTES.verifyEmail,
  account: '/account',
} as const;

/**
 * The component name of each account screen in the registry's `components`.
 * @example registry.components[ACCOUNT_COMPONENTS.account] // AccountPage
 */
export const ACCOUNT_COMPONENTS = {
  forgotPassword: 'ForgotPasswordPage',
  resetPassword: 'ResetPasswordPage',
  acceptInvite: 'AcceptInvitePage',
  verifyEmail: 'VerifyEmailPage',
  account: 'AccountPage',
} as const;

type Screens = { readonly [name: string]: ScreenInput };
type Name = keyof typeof ACCOUNT_ROUTES;

const TITLES: Readonly<Record<Name, string>> = {
  forgotPassword: 'Reset your password',
  resetPassword: 'Choose a new password',
  acceptInvite: 'Accept your invitation',
  verifyEmail: 'Confirm your email',
  account: 'Your account',
};

/**
 * The account screens the UI adds, by name. A link from a mail opens for anyone (a visitor, or
 * someone signed in on that browser), the account page for signed-in people only.
 * @example accountScreens(meta, {}).account // { route: '/account', kind: 'custom', component: 'AccountPage', … }
 */
export function accountScreens(meta: Pick<MetaAnswer, 'roles' | 'screens'>, taken: Screens = {}): Screens {
  const everyone = ['anonymous', ...Object.keys(meta.roles)];
  const all: Screens = { ...meta.screens, ...taken };
  const used = new Set(Object.values(all).map((s) => s.route));
  const out: { [name: string]: ScreenInput } = {};
  for (const name of Object.keys(ACCOUNT_ROUTES) as Name[]) {
    const route = ACCOUNT_ROUTES[name];
    if (Object.hasOwn(all, name) || used.has(route)) continue;
    out[name] = {
      route,
      kind: 'custom',
      title: TITLES[name],
      component: ACCOUNT_COMPONENTS[name],
      nav: false,
      ...(name === 'account' ? {} : { roles: everyone }),
    };
  }
  return out;
}
