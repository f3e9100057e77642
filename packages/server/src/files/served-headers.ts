/**
 * The headers a file is served with: a type that cannot run script in the app's origin,
 * `Content-Disposition`, `nosniff`, a sandboxing CSP. FOUNDATION STUB (content helper).
 */

/** @example reply.headers(servedHeaders('image/png', 'shot.png', { download: false })) */
export function servedHeaders(
  _type: string,
  _name: string,
  _options: { readonly download: boolean },
): Record<string, string> {
  throw new Error('not built yet');
}
