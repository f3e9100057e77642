/**
 * The lifetimes offered for a new API key, and the date each gives. (Which roles a key may
 * act as is the spec's `keyRoles`, which the server enforces.)
 */

/**
 * The choices, by value: days from now, or `never`.
 * @example <SelectInput id="key-expiry" label="Expires after" options={KEY_EXPIRIES} value="90" onChange={set} />
 */
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
