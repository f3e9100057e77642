/**
 * A small router on the History API: the current location, `navigate()`, and a count of
 * page changes so pages can move focus to their heading after one (not on first load, and
 * not when only the query string changes, e.g. a filter).
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export interface RouterLocation {
  readonly pathname: string;
  readonly search: string;
}

export interface NavigateOptions {
  /** Replace the current history entry (redirects, filters), instead of adding one. */
  readonly replace?: boolean;
}

export interface RouterValue {
  readonly location: RouterLocation;
  /** How many in-app changes of page (path) happened since the page loaded. */
  readonly navigations: number;
  navigate(to: string, options?: NavigateOptions): void;
}

const RouterContext = createContext<RouterValue | null>(null);

function currentLocation(): RouterLocation {
  return { pathname: window.location.pathname, search: window.location.search };
}

type State = { readonly location: RouterLocation; readonly navigations: number };

function next(s: State): State {
  const location = currentLocation();
  const moved = location.pathname !== s.location.pathname;
  return { location, navigations: s.navigations + (moved ? 1 : 0) };
}

/**
 * Provides the router to the tree below.
 * @example <RouterProvider><Routes routes={routes} /></RouterProvider>
 */
export function RouterProvider({ children }: { readonly children: ReactNode }) {
  const [state, setState] = useState<State>(() => ({ location: currentLocation(), navigations: 0 }));

  useEffect(() => {
    const onPop = () => setState(next);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string, options: NavigateOptions = {}) => {
    const samePage = new URL(to, window.location.href).pathname === window.location.pathname;
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    if (!samePage) window.scrollTo(0, 0);
    setState(next);
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

/**
 * The query string, and a setter that changes some of its parameters (null removes one).
 * @example const [search, setSearch] = useSearch(); setSearch({ status: 'open', cursor: null });
 */
export function useSearch(): [
  URLSearchParams,
  (changes: Readonly<Record<string, string | null>>, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (changes: Readonly<Record<string, string | null>>, options: NavigateOptions = {}) => {
      const merged = new URLSearchParams(location.search);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '') merged.delete(k);
        else merged.set(k, v);
      }
      const qs = merged.toString();
      navigate(`${location.pathname}${qs ? `?${qs}` : ''}`, options);
    },
    [location.pathname, location.search, navigate],
  );
  return [params, set];
}
