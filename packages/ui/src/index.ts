/**
 * @ninefold/ui — the React client of a Ninefold app. The app itself, and the pieces later
 * issues build on: the router, the API call, and the role's view of the meta.
 */
export type { ErrorCatalogue, FieldProblem, ProblemBody } from './api/api-error';
export { ApiError, problemMessage } from './api/api-error';
export { apiFetch } from './api/api-fetch';
export type { ApiRecord, Page, RecordCan, SessionUser } from './api/api-types';
export { App, ROUTES } from './app';
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
export { Link } from './router/link';
export { matchRoute, safeReturnPath } from './router/match-route';
export { RouterProvider, useRouter } from './router/router-provider';
export type { RouteDef } from './router/routes';
export { Routes } from './router/routes';
