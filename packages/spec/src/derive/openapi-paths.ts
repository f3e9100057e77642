/**
 * The document's paths, derived from the route table: every route spelt out for the app
 * (once, or per entity, transition or action), each operation built by its route's builder.
 * A route without a builder does not compile.
 */
import { ROUTE_IDS, ROUTES, type RouteId } from '../contract/route-table';
import type { JsonSchema, JsonValue } from './json-schema';
import { accountOperations } from './openapi-accounts';
import { actionOperation } from './openapi-actions';
import { automationOperations } from './openapi-automation';
import { entityOperations, ID_PARAMETER, transitionOperation } from './openapi-entities';
import { FILE_ID_PARAMETER, fileOperations } from './openapi-files';
import { insightOperations } from './openapi-insight';
import type { OpenApiContext } from './openapi-operation';
import { platformOperations } from './openapi-platform';
import { realtimeOperation } from './openapi-realtime';

type PathItems = Record<string, Record<string, JsonValue>>;
/** One concrete operation of a route: the path with the app's names filled in. */
type Spelt = readonly [path: string, operation: JsonSchema];

function spell(path: string, names: Record<string, string>): string {
  return path.replace(/\{(entity|name)\}/g, (_, k: string) => names[k]!);
}

function builders(ctx: OpenApiContext): { readonly [K in RouteId]: () => Spelt[] } {
  const { app } = ctx;
  const platform = platformOperations(ctx);
  const insight = insightOperations(ctx);
  const account = accountOperations(ctx);
  const single = { ...platform, ...insight, ...account, ...automationOperations(ctx) };
  const entities = Object.entries(app.entities).map(([name, e]) => ({
    name,
    ops: entityOperations(ctx, name, e),
  }));
  const files = fileOperations(ctx);
  const once = (id: keyof typeof single) => () => [[ROUTES[id].path, single[id]] as const];
  const perEntity = (id: keyof (typeof entities)[number]['ops']) => () =>
    entities.map(({ name, ops }) => [spell(ROUTES[id].path, { entity: name }), ops[id]] as const);
  return {
    getHealth: once('getHealth'),
    getMeta: once('getMeta'),
    getOpenApi: once('getOpenApi'),
    authSignup: once('authSignup'),
    authLogin: once('authLogin'),
    authLogout: once('authLogout'),
    authMe: once('authMe'),
    authPasswordReset: once('authPasswordReset'),
    authPasswordResetConfirm: once('authPasswordResetConfirm'),
    authVerifyEmail: once('authVerifyEmail'),
    authVerifyEmailResend: once('authVerifyEmailResend'),
    authChangePassword: once('authChangePassword'),
    authChangeEmail: once('authChangeEmail'),
    authLogoutEverywhere: once('authLogoutEverywhere'),
    listInvitations: once('listInvitations'),
    createInvitation: once('createInvitation'),
    acceptInvitation: once('acceptInvitation'),
    deleteInvitation: once('deleteInvitation'),
    listApiKeys: once('listApiKeys'),
    createApiKey: once('createApiKey'),
    deleteApiKey: once('deleteApiKey'),
    listMail: once('listMail'),
    getQuotas: once('getQuotas'),
    getRates: once('getRates'),
    getAudit: once('getAudit'),
    getMetrics: once('getMetrics'),
    listNotifications: once('listNotifications'),
    readNotification: once('readNotification'),
    readAllNotifications: once('readAllNotifications'),
    getNotificationPreferences: once('getNotificationPreferences'),
    updateNotificationPreferences: once('updateNotificationPreferences'),
    listJobs: once('listJobs'),
    retryJob: once('retryJob'),
    listRecords: perEntity('listRecords'),
    aggregateRecords: perEntity('aggregateRecords'),
    exportRecords: perEntity('exportRecords'),
    importRecords: perEntity('importRecords'),
    createRecord: perEntity('createRecord'),
    getRecord: perEntity('getRecord'),
    updateRecord: perEntity('updateRecord'),
    deleteRecord: perEntity('deleteRecord'),
    getHistory: perEntity('getHistory'),
    runTransition: () =>
      Object.entries(app.entities).flatMap(([name, e]) =>
        Object.keys(e.states?.transitions ?? {}).map(
          (t) =>
            [
              spell(ROUTES.runTransition.path, { entity: name, name: t }),
              transitionOperation(ctx, name, e, t),
            ] as const,
        ),
      ),
    runAction: () =>
      Object.keys(app.actions).map(
        (a) => [spell(ROUTES.runAction.path, { name: a }), actionOperation(ctx, a)] as const,
      ),
    realtime: () => [[ROUTES.realtime.path, realtimeOperation(ctx)] as const],
    uploadFile: () => files.uploadFile,
    downloadFile: () => files.downloadFile,
    deleteFile: () => files.deleteFile,
  };
}

const ID_OF: Partial<Record<RouteId, string>> = {
  deleteInvitation: 'The invitation id.',
  deleteApiKey: 'The API key id.',
  readNotification: 'The notification id.',
  retryJob: 'The job id.',
};

function idParameter(id: RouteId): JsonSchema {
  const description = ID_OF[id];
  return description ? { ...ID_PARAMETER, description } : ID_PARAMETER;
}

// Declared once per path, for every operation on it.
function pathParameters(id: RouteId, path: string): Record<string, JsonValue> {
  const parameters = [
    ...(path.includes('{id}') ? [idParameter(id)] : []),
    ...(path.includes('{fileId}') ? [FILE_ID_PARAMETER] : []),
  ];
  return parameters.length > 0 ? { parameters } : {};
}

/**
 * Every path of the document, in the route table's order; a path with `{id}` (or `{fileId}`)
 * declares it once.
 * @example openApiPaths(ctx)['/api/entities/tickets/{id}']?.patch
 */
export function openApiPaths(ctx: OpenApiContext): PathItems {
  const build = builders(ctx);
  const paths: PathItems = {};
  for (const id of ROUTE_IDS) {
    for (const [path, op] of build[id]()) {
      paths[path] ??= pathParameters(id, path);
      paths[path][ROUTES[id].method.toLowerCase()] = op;
    }
  }
  return paths;
}
