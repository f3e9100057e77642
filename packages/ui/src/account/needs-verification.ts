/**
 * Whether the signed-in account still has to confirm its address: its role asks for it
 * (`verifyEmail` in the spec) and the account's `emailVerified` is false.
 */

/**
 * @example needsVerification({ member: { verifyEmail: true } }, { role: 'member', emailVerified: false }) // true
 */
export function needsVerification(
  roles: { readonly [name: string]: { readonly verifyEmail?: boolean | { readonly actAs: string } } },
  user: { readonly [field: string]: unknown } | null | undefined,
): boolean {
  if (user?.emailVerified !== false) return false;
  const option = roles[String(user.role)]?.verifyEmail;
  return option !== undefined && option !== false;
}
