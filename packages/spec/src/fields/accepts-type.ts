/**
 * Whether a file field accepts a media type: the one reading of `accept`, used by the server
 * on the type it decided from the content and by forms on the browser's guess before upload.
 */

// Types a browser would run as a document or script in the app's origin: a family never
// admits them (`image/*` is not SVG); only naming one exactly does.
const ACTIVE = new Set([
  'image/svg+xml',
  'text/html',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
]);

/**
 * @example acceptsType(['image/*', 'application/pdf'], 'image/png') // true
 * @example acceptsType(['image/*'], 'image/svg+xml') // false: a family never admits an active type
 * @example acceptsType(undefined, 'application/zip') // true: no `accept`, any type
 */
export function acceptsType(accept: readonly string[] | undefined, type: string): boolean {
  const t = type.toLowerCase().split(';')[0]!.trim();
  if (!accept || accept.length === 0) return true;
  return accept.some((a) => {
    const want = a.toLowerCase();
    if (want === t) return true;
    if (want === '*/*') return !ACTIVE.has(t);
    return want.endsWith('/*') && t.startsWith(want.slice(0, -1)) && !ACTIVE.has(t);
  });
}
