/**
 * A small router on the History API: the current location, `navigate()`, and a count of
 * navigations so pages can move focus to their heading after one (not on first load).
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export interface RouterLocation {
  readonly pathname: string;
  readonly search: string;
}

export interface NavigateOptions {
  /** Replace the current history entry (redirects), instead of adding one. */
  readonly replace?: boolean;
}

export interface RouterValue {
  readonly location: RouterLocation;
  /** How many in-app navigations happened since the page loaded. */
  readonly navigations: number;
  navigate(to: string, options?: NavigateOptions): void;
}

const RouterContext = createContext<RouterValue | null>(null);

function currentLocation(): RouterLocation {
  return { pathname: window.location.pathname, search: window.location.search };
}

/**
 * Provides the router to the tree below.
 * @example <RouterProvider><Routes routes={routes} /></RouterProvider>
 */
export function RouterProvider({ children }: { readonly children: ReactNode }) {
  const [state, setState] = useState(() => ({ location: currentLocation(), navigations: 0 }));

  useEffect(() => {
    const onPop = () => setState((s) => ({ location: currentLocation(), navigations: s.navigations + 1 }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string, options: NavigateOptions = {}) => {
    if (options.replace) window.history.replaceState(null, '', to);
    else {
      window.history.pushState(null, '', to);
      window.scrollTo(0, 0);
    }
    setState((s) => ({ location: currentLocation(), navigations: s.navigations + 1 }));
  }, []);

  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/**
 * The router: location and navigate.
 * @example const { navigate } = useRouter(); navigate('/login', { replace: true });
 */
export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter() must be used inside <RouterProvider>.');
  return value;
}
