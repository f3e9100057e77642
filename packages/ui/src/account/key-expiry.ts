/**
 * The lifetimes offered for a new API key, and the date each gives.
 */

/** The choices, by value: days from now, or `never`. */
export const KEY_EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;

/**
 * When a key made now with the choice expires, as the API takes it (ISO), or undefined.
 * @example keyExpiresAt('30', new Date('2025-01-01T00:00:00Z')) // '2025-01-31T00:00:00.000Z'
 */
export function keyExpiresAt(choice: string, now: Date = new Date()): string | undefined {
  const days = Number(choice);
  if (!Number.isInteger(days) || days <= 0) return undefined;
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

/**
 * The roles a key of an owner of `role` may act as: the owner's own, then the narrower ones
 * its `apiKeys.roles` allows; none when its `apiKeys` is false.
 * @example keyRoles({ agent: { apiKeys: { roles: ['reporter'] } } }, 'agent') // ['agent', 'reporter']
 */
export function keyRoles(
  roles: { readonly [name: string]: { readonly apiKeys?: false | { readonly roles?: readonly string[] } } },
  role: string,
): string[] {
  const keys = roles[role]?.apiKeys;
  if (keys === false) return [];
  return [role, ...(keys?.roles ?? []).filter((r) => r !== role)];
}
