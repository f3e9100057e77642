/**
 * Registers a route of the contract's route table: its method and path come from the table
 * (packages/spec/src/contract/route-table.ts), never from a string of their own here, so the
 * server answers exactly the routes OpenAPI describes and the client implements.
 */
import { fastifyPath, ROUTES, type RouteId } from '@ninefold/spec';
import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';

/**
 * Serves the table's route `id` with `handler`.
 * @example serveRoute(server, 'getHealth', async () => ({ status: 'ok' }));
 */
export function serveRoute<G extends RouteGenericInterface = RouteGenericInterface>(
  server: FastifyInstance,
  id: RouteId,
  handler: RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, G>,
): void {
  const route = ROUTES[id];
  server.route<G>({ method: route.method, url: fastifyPath(route.path), handler });
}

/**
 * The Fastify path of a table route, for a route registered with options of its own (the
 * WebSocket).
 * @example routeUrl('realtime') // '/api/realtime'
 */
export function routeUrl(id: RouteId): string {
  return fastifyPath(ROUTES[id].path);
}
