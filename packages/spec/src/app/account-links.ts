/**
 * Where the links in the account flows' mail lead: the routes of the app's UI the server
 * writes into each mail, and that the UI serves its account screens on. One table, so a mail
 * never points at a page the UI does not have.
 */

/**
 * The purposes a mailed account link serves.
 * @example const purpose: AccountLinkPurpose = 'emailChange';
 */
export type AccountLinkPurpose = 'invitation' | 'passwordReset' | 'verifyEmail' | 'emailChange';

/**
 * The route of each purpose's link (`${appUrl}${route}?token=…`). A change of email is
 * confirmed on the same page as a new account's address.
 * @example `${appUrl}${ACCOUNT_LINK_ROUTES.passwordReset}?token=${token}` // 'https://app.example/reset-password?token=…'
 */
export const ACCOUNT_LINK_ROUTES: Readonly<Record<AccountLinkPurpose, string>> = Object.freeze({
  passwordReset: '/reset-password',
  invitation: '/accept-invite',
  verifyEmail: '/verify-email',
  emailChange: '/verify-email',
} as const);
