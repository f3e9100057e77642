/**
 * Route patterns as the spec's `screens` write them (`/tickets/:id`), matched against a
 * path. Pure, so the router and tests share it.
 */

/** The named segments a match captured. */
export type RouteParams = { readonly [name: string]: string };

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/**
 * The params of `pathname` under `pattern`, or null when it does not match. `:name` takes
 * one segment; a final `*` takes the rest (as `params['*']`). A trailing slash is ignored.
 * @example matchRoute('/tickets/:id', '/tickets/42') // { id: '42' }
 * @example matchRoute('/tickets/:id', '/tickets') // null
 */
export function matchRoute(pattern: string, pathname: string): RouteParams | null {
  const want = segments(pattern);
  const have = segments(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '*' && i === want.length - 1) {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const value = have[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return have.length === want.length ? params : null;
}

/**
 * A same-site path to go back to after signing in, or `fallback` for anything else (an
 * absolute or protocol-relative URL would make sign-in an open redirect).
 * @example safeReturnPath('/tickets?status=open') // '/tickets?status=open'
 * @example safeReturnPath('//evil.example') // '/'
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
