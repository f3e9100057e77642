/**
 * The password rule sign-up and every password change apply: a length in characters (code
 * points), never truncated. Common passwords are refused too, by the server's own list.
 */

/**
 * The lengths a new password may have; `/api/meta` (auth.password) and OpenAPI say them.
 * @example password.length >= PASSWORD_POLICY.min
 */
export const PASSWORD_POLICY = { min: 8, max: 256 } as const;
