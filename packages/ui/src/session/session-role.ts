/**
 * The role the UI offers things by: the one the server judges the account's requests by. An
 * account acting as another role until it confirms its address (`verifyEmail: { actAs }`) is
 * told so by `/api/auth/me` as `actingRole`; offering its stored role's powers would only lead
 * to refusals.
 */

/**
 * @example sessionRole({ role: 'member', actingRole: 'visitor' }) // 'visitor'
 * @example sessionRole(null) // 'anonymous'
 */
export function sessionRole(
  user: { readonly role?: unknown; readonly actingRole?: unknown } | null | undefined,
): string {
  if (typeof user?.actingRole === 'string' && user.actingRole !== '') return user.actingRole;
  // `role` is a built-in field of every app's users; the loose app type cannot say it is text.
  return typeof user?.role === 'string' ? user.role : 'anonymous';
}
