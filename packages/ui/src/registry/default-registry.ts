/**
 * The UI's own named components. The admin console and the account pages load only when first
 * drawn, so their code is never in the bundle of a page that does not show them.
 */
import { lazy } from 'react';
import { ACCOUNT_COMPONENTS } from '../account/account-screens';
import type { UiRegistry } from './ui-registry';

const AdminConsole = lazy(() => import('../admin/admin-console'));
// The account screens (see account/account-screens.ts), each loaded when first opened.
const ForgotPasswordPage = lazy(() => import('../account/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../account/reset-password-page'));
const AcceptInvitePage = lazy(() => import('../account/accept-invite-page'));
const VerifyEmailPage = lazy(() => import('../account/verify-email-page'));
const AccountPage = lazy(() => import('../account/account-page'));

/**
 * Defaults every app gets; an app's registry can replace any of them.
 * @example mergeRegistries(DEFAULT_REGISTRY, defineUi({ components: { AdminConsole: MyConsole } }))
 */
export const DEFAULT_REGISTRY: UiRegistry = {
  components: {
    AdminConsole,
    [ACCOUNT_COMPONENTS.forgotPassword]: ForgotPasswordPage,
    [ACCOUNT_COMPONENTS.resetPassword]: ResetPasswordPage,
    [ACCOUNT_COMPONENTS.acceptInvite]: AcceptInvitePage,
    [ACCOUNT_COMPONENTS.verifyEmail]: VerifyEmailPage,
    [ACCOUNT_COMPONENTS.account]: AccountPage,
  },
};
