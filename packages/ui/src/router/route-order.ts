/**
 * Route patterns in the order they must be tried: `/tickets/new` before `/tickets/:id`,
 * whatever order the spec lists them in.
 */

function rank(pattern: string): number[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((s) => (s === '*' ? 2 : s.startsWith(':') ? 1 : 0));
}

/**
 * Compares two patterns: the one with a fixed segment where the other has a parameter first.
 * @example ['/tickets/:id', '/tickets/new'].sort(byRouteSpecificity) // ['/tickets/new', '/tickets/:id']
 */
export function byRouteSpecificity(a: string, b: string): number {
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const d = ra[i]! - rb[i]!;
    if (d !== 0) return d;
  }
  return rb.length - ra.length;
}
