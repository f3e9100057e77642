/**
 * @ninefold/ui — the React client of a Ninefold app, generated from its spec: routes and
 * navigation from `screens`, a page per screen kind, and the registry through which an app
 * adds its own components. Also the pieces an app's components build on.
 * @example
 * startBrowserApp(defineUi({ fields: { 'orders.total': MoneyBadge } }));
 */
export { constraintText } from './admin/field-constraints';
export { LoadingRow } from './admin/loading-row';
export { PagerControls, type PagerControlsProps, type PagerState, usePager } from './admin/pager';
export { PanelProblem } from './admin/panel-problem';
export { refusalText } from './admin/refusal-text';
export { ScrollBox } from './admin/scroll-box';
export { App, type AppProps } from './app';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { FieldValue } from './components/field-value';
export { PageHeader } from './components/page-header';
export { PageTitle } from './components/page-title';
export { SkeletonLines } from './components/skeleton';
export { StateBadge } from './components/state-badge';
export { type AnyApp, type AnyRecord, type AnyUser, hooksFor, type NinefoldHooks, nf } from './data/ninefold';
export {
  type ErrorCatalogue,
  fieldProblems,
  problemCode,
  problemMessage,
} from './feedback/problem-message';
export { type Notify, useNotify } from './feedback/use-notify';
export { formatInstant } from './format/format-value';
export { useMeta } from './meta/meta-provider';
export {
  type NamedTransition,
  quotaFor,
  type RecordAction,
  recordActions,
  recordTransitions,
  transitionTo,
} from './permissions/record-abilities';
export { ruleOnRecord } from './permissions/record-rule';
export {
  creatableFields,
  createFields,
  listableEntities,
  mayDo,
  readableFields,
  readsOnlySelf,
  screenFor,
  tableColumns,
} from './permissions/role-view';
export { defineUi } from './registry/define-ui';
export { useRegistry } from './registry/registry-provider';
export {
  type AdminPanel,
  type AdminPanelProps,
  type FieldViewProps,
  mergeRegistries,
  type PageProps,
  type UiRegistry,
  type WidgetProps,
} from './registry/ui-registry';
export { Link } from './router/link';
export { matchRoute, type RouteParams, safeReturnPath } from './router/match-route';
export { RouterProvider, useRouter, useSearch } from './router/router-provider';
export type { RouteDef } from './router/routes';
export { Routes } from './router/routes';
export { ADMIN_CONSOLE, addedScreens, adminConsoleScreen } from './screens/app-screens';
export { fillRoute, navEntries, screenEntries, screenRoute, screenVisible } from './screens/screen-entries';
export { useSession } from './session/session-provider';
export { startBrowserApp } from './start-browser-app';
