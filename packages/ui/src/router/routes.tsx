/**
 * Renders the first route whose pattern matches the current path. Routes are plain data so
 * later they can be generated from the spec's `screens`.
 */
import type { ReactNode } from 'react';
import { matchRoute, type RouteParams } from './match-route';
import { useRouter } from './router-provider';

export interface RouteDef {
  /** A pattern such as `/tickets/:id`. */
  readonly path: string;
  readonly render: (params: RouteParams) => ReactNode;
}

/**
 * The matching route's element, or `fallback` when none matches.
 * @example <Routes routes={[{ path: '/login', render: () => <LoginPage /> }]} fallback={<NotFoundPage />} />
 */
export function Routes({
  routes,
  fallback,
}: {
  readonly routes: readonly RouteDef[];
  readonly fallback: ReactNode;
}) {
  const { location } = useRouter();
  for (const route of routes) {
    const params = matchRoute(route.path, location.pathname);
    if (params) return <>{route.render(params)}</>;
  }
  return <>{fallback}</>;
}
