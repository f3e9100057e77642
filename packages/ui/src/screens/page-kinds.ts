/**
 * One lazily loaded page per screen kind, so each page's code (and what it brings: the
 * board's drag and drop, the charts) loads only when a route needs it, and the sign-in page
 * stays small. The start-up asks for the first page's code early (`preloadPageKind`), so it
 * arrives with the meta instead of after the first render; a page whose code is already here
 * is drawn at once (`pageOfKind`), without passing through its placeholder.
 */
import type { ScreenKind } from '@ninefold/spec';
import { type ComponentType, lazy } from 'react';
import type { PageProps } from '../registry/ui-registry';

type Page = ComponentType<PageProps>;

interface LazyPage {
  /** The page itself once its code is here. */
  loaded: Page | undefined;
  /** The page behind React.lazy: suspends until its code is here. */
  readonly Lazy: Page;
  preload(): Promise<Page>;
}

function lazyPage(load: () => Promise<Page>): LazyPage {
  let loading: Promise<Page> | undefined;
  const entry: LazyPage = {
    loaded: undefined,
    Lazy: lazy(async () => ({ default: await entry.preload() })),
    preload: () => {
      loading ??= load().then((page) => {
        entry.loaded = page;
        return page;
      });
      // A failed download is not kept: the next ask tries again.
      loading.catch(() => {
        loading = undefined;
      });
      return loading;
    },
  };
  return entry;
}

const KINDS: Readonly<Record<ScreenKind, LazyPage>> = {
  login: lazyPage(() => import('../pages/login-page').then((m) => m.LoginPage)),
  signup: lazyPage(() => import('../pages/signup-page').then((m) => m.SignupPage)),
  dashboard: lazyPage(() => import('../pages/dashboard/dashboard-page').then((m) => m.DashboardPage)),
  list: lazyPage(() => import('../pages/list/list-page').then((m) => m.ListPage)),
  board: lazyPage(() => import('../pages/board/board-page').then((m) => m.BoardPage)),
  form: lazyPage(() => import('../pages/form/form-page').then((m) => m.FormPage)),
  detail: lazyPage(() => import('../pages/detail/detail-page').then((m) => m.DetailPage)),
  custom: lazyPage(() => import('../pages/custom-page').then((m) => m.CustomPage)),
};

/**
 * The generated page of a kind: the page itself when its code is here, else a lazy one that
 * suspends until it is. Keep the answer for as long as the page is mounted: changing from
 * the lazy one to the page would mount it afresh.
 * @example const [Page] = useState(() => pageOfKind('list'));
 */
export function pageOfKind(kind: ScreenKind): Page {
  const entry = KINDS[kind];
  return entry.loaded ?? entry.Lazy;
}

/**
 * Starts loading the code of a kind's page; resolves when it is here.
 * @example await preloadPageKind('list');
 */
export function preloadPageKind(kind: ScreenKind): Promise<unknown> {
  return KINDS[kind]?.preload() ?? Promise.resolve();
}
