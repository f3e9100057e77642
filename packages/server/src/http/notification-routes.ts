/**
 * `GET /api/notifications` and the routes that mark notifications read and set a person's
 * channels: always the caller's own (core/notifications/).
 */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core/ninefold-core';
import {
  listNotifications,
  readAllNotifications,
  readNotification,
} from '../core/notifications/notification-inbox';
import { preferencesOf, updatePreferences } from '../core/notifications/notification-prefs';
import { serveRoute } from './serve-route';

/**
 * Registers the notification routes.
 * @example notificationRoutes(server, core);
 */
export function notificationRoutes(server: FastifyInstance, core: Core): void {
  serveRoute<{ Querystring: Record<string, unknown> }>(server, 'listNotifications', (req) =>
    listNotifications(core, req.caller, req.query ?? {}),
  );
  serveRoute<{ Params: { id: string } }>(server, 'readNotification', (req) =>
    readNotification(core, req.caller, req.params.id),
  );
  serveRoute(server, 'readAllNotifications', (req) => readAllNotifications(core, req.caller));
  serveRoute(server, 'getNotificationPreferences', (req) => preferencesOf(core, req.caller));
  serveRoute(server, 'updateNotificationPreferences', (req) => updatePreferences(core, req.caller, req.body));
}
