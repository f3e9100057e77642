/**
 * One lazily loaded page per screen kind, so each page's code (and what it brings: the
 * table, the board's drag and drop, the charts) loads only when a route needs it, and the
 * sign-in page stays small.
 */
import type { ScreenKind } from '@ninefold/spec';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageProps } from '../registry/ui-registry';

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** The generated page of each kind. */
export const PAGE_KINDS: Readonly<Record<ScreenKind, Page>> = {
  login: lazy(() => import('../pages/login-page').then((m) => ({ default: m.LoginPage }))),
  signup: lazy(() => import('../pages/signup-page').then((m) => ({ default: m.SignupPage }))),
  dashboard: lazy(() =>
    import('../pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
  ),
  list: lazy(() => import('../pages/list/list-page').then((m) => ({ default: m.ListPage }))),
  board: lazy(() => import('../pages/board/board-page').then((m) => ({ default: m.BoardPage }))),
  form: lazy(() => import('../pages/form/form-page').then((m) => ({ default: m.FormPage }))),
  detail: lazy(() => import('../pages/detail/detail-page').then((m) => ({ default: m.DetailPage }))),
  custom: lazy(() => import('../pages/custom-page').then((m) => ({ default: m.CustomPage }))),
};
