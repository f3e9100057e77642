/**
 * The one reading of a store key, shared by every store: keys are made by the server, but a
 * store never trusts them — a key that could climb out of the disk store's directory (or mean
 * something different on S3 than on disk) is refused before any byte moves.
 */

/** A segment: letters, digits, `.`, `_`, `-`; never starting with a dot (no `.`, `..`, `.tmp`). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
/** S3's own limit on a key, and far beyond any key the server makes. */
const MAX_KEY_LENGTH = 1024;
/** Most file systems' limit on one name. */
const MAX_SEGMENT_LENGTH = 255;

/**
 * Answers `key` if it is a safe store key, else throws: `[A-Za-z0-9._-]` segments joined by
 * `/`, none empty or starting with a dot (so no `.`, `..` or hidden names), no leading or
 * trailing `/`.
 * @example
 * storeKey('tickets/0193a7c2-…');   // 'tickets/0193a7c2-…'
 * storeKey('../etc/passwd');        // throws
 */
export function storeKey(key: string): string {
  if (isStoreKey(key)) return key;
  throw new Error(`Refused store key ${JSON.stringify(String(key).slice(0, 80))}.`);
}

/**
 * Whether `key` is a safe store key (see {@link storeKey}).
 * @example isStoreKey('a/b.png'); // true
 */
export function isStoreKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((s) => s.length <= MAX_SEGMENT_LENGTH && SEGMENT.test(s));
}

/**
 * Answers `prefix` if it can start a safe key (empty, or segments as in a key, the last one
 * possibly partial or empty: `tickets/`, `tickets/01`), else throws.
 * @example storePrefix('tickets/'); // 'tickets/'
 */
export function storePrefix(prefix: string): string {
  if (prefix === '') return prefix;
  const complete = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  const last = prefix.slice(complete.length);
  const ok = (complete === '' || isStoreKey(complete.slice(0, -1))) && (last === '' || isStoreKey(last));
  if (!ok) throw new Error(`Refused store prefix ${JSON.stringify(prefix.slice(0, 80))}.`);
  return prefix;
}
